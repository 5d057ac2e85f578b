import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { pageQuerySchema, pageWindow, paginated } from "@/lib/http/pagination";
import { createDomainSchema, deletedDomainSchema, domainIdParamsSchema, domainSchema, updateDomainSchema } from "@/lib/domains/schemas";
import {
  createDomain,
  deleteSendingDomain,
  getDomainOrThrow,
  listDomains,
  updateSendingDomain,
  verifyDomainNow,
} from "@/lib/domains/manage-domains";

const base = { tag: "Domains" } as const;

export const listDomainsOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/domains",
    summary: "List the organization's domains with their DNS records and the last check's results, newest first",
    scope: "domains:read",
    query: pageQuerySchema,
    response: z.array(domainSchema),
    paginated: true,
  },
  async ({ principal, query }) => {
    const { items, total } = await listDomains({ orgId: principal.orgId, ...pageWindow(query) });
    return paginated(items, total, query);
  },
);

// Domains are the organization's: a key bound to one project may read them, not change them.
export const createDomainOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/domains",
    summary:
      "Add a sending domain: a DKIM key is made for it and the DNS records to publish are returned (409 CONFLICT when the name is registered already; another organization's unverified name can be claimed with a TXT record, see claim)",
    scope: "domains:write",
    orgWide: true,
    body: createDomainSchema,
    response: domainSchema,
    status: 201,
  },
  async ({ principal, body }) => ({
    data: await createDomain({ principal, input: body }),
  }),
);

export const getDomainOperation = defineOperation(
  {
    ...base,
    method: "GET",
    path: "/api/v1/domains/{id}",
    summary: "Get one domain with the DNS records to publish and each one's status from the last check",
    scope: "domains:read",
    params: domainIdParamsSchema,
    response: domainSchema,
  },
  async ({ principal, params }) => ({
    data: await getDomainOrThrow({ orgId: principal.orgId, id: params.id }),
  }),
);

export const updateDomainOperation = defineOperation(
  {
    ...base,
    method: "PATCH",
    path: "/api/v1/domains/{id}",
    summary:
      "Change the domain: turn receiving mail for it on or off, and set, change or remove (null) its tracking host (400 when the host is not the domain or a name under it, 409 when another domain has it)",
    scope: "domains:write",
    orgWide: true,
    params: domainIdParamsSchema,
    body: updateDomainSchema,
    response: domainSchema,
  },
  async ({ principal, params, body }) => ({
    data: await updateSendingDomain({ principal, id: params.id, input: body }),
  }),
);

export const deleteDomainOperation = defineOperation(
  {
    ...base,
    method: "DELETE",
    path: "/api/v1/domains/{id}",
    summary: "Delete a domain: its key is gone, mail is no longer signed for it or received at it, and its senders stay without a domain",
    scope: "domains:write",
    orgWide: true,
    params: domainIdParamsSchema,
    response: deletedDomainSchema,
  },
  async ({ principal, params }) => ({
    data: await deleteSendingDomain({ principal, id: params.id }),
  }),
);

export const verifyDomainOperation = defineOperation(
  {
    ...base,
    method: "POST",
    path: "/api/v1/domains/{id}/verify",
    summary: "Look the domain's records up now and update its status (DNS failures are results, never errors)",
    scope: "domains:write",
    orgWide: true,
    params: domainIdParamsSchema,
    response: domainSchema,
  },
  async ({ principal, params }) => ({
    data: await verifyDomainNow({ principal, id: params.id }),
  }),
);
