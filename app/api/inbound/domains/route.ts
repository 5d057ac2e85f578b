// GET /api/inbound/domains — the organization's inbound domains (session, or a key with domains:read)
// POST /api/inbound/domains — add one: {name, inboundEnabled?} (admins; keys need domains:write)
import { legacyRoute } from "@/lib/http/legacy-route";
import { z } from "zod";
import { addDomain, listDomains } from "@/lib/inbound/inbound-domains";
import { createDomainSchema, domainSchema } from "@/lib/inbound/schemas";

export const GET = legacyRoute(
  { access: { keyScope: "domains:read" }, response: z.object({ data: z.array(domainSchema) }) },
  async ({ principal }) => ({
    body: { data: await listDomains(principal.orgId) },
  }),
);

export const POST = legacyRoute(
  { access: { keyScope: "domains:write" }, orgWide: true, body: createDomainSchema, response: domainSchema },
  async ({ principal, body }) => ({
    body: await addDomain({ principal, ...body }),
    status: 201,
  }),
);
