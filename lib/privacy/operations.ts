import { defineOperation } from "@/lib/http/operation";
import { addressExportSchema, erasureBodySchema, erasureSchema, exportQuerySchema } from "@/lib/privacy/schemas";
import { eraseAddress } from "@/lib/privacy/erase-address";
import { exportAddress } from "@/lib/privacy/export-address";

const base = { tag: "Privacy" } as const;

// The whole organization's data, both ways: only an organization-wide key that may erase may
// also export (an export holds the person's mail, bodies included).
export const eraseAddressOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/privacy/erasure",
    summary:
      "Erase an address from the organization: its contact, list memberships and enrolments removed, its mail and events kept for counts under a placeholder with the person's own content removed, inbound mail from or to it removed, and the address replaced everywhere else. A suppressed address stays suppressed as a keyed hash. The organization's own senders and inbound addresses are refused (400). Answers the counts by kind; safe to run again",
    scope: "contacts:write",
    orgWide: true,
    body: erasureBodySchema,
    response: erasureSchema,
  },
  async ({ principal, body }) => ({
    data: await eraseAddress({ principal, email: body.email }),
  }),
);

export const exportAddressOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/privacy/export",
    summary:
      "Everything the organization holds about an address, as JSON: the contact with its properties and lists, the suppression, mail to and from it with its events, inbound mail, campaign sends and sequence enrolments; each kind bounded, newest first (truncated: true when one held more). Needs an organization-wide key with contacts:write, as erasure does; the organization's own senders and inbound addresses are refused (400)",
    scope: "contacts:write",
    orgWide: true,
    query: exportQuerySchema,
    response: addressExportSchema,
  },
  async ({ principal, query }) => ({
    data: await exportAddress({ orgId: principal.orgId, email: query.email }),
  }),
);
