// GET /api/v1/domains/:id — one domain with its DNS records (domains:read)
// PATCH /api/v1/domains/:id — turn receiving on or off: {inbound} (domains:write)
// DELETE /api/v1/domains/:id — delete it (domains:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteDomainOperation, getDomainOperation, updateDomainOperation } from "@/lib/domains/operations";
import { deleteSendingDomain, getDomainOrThrow, updateSendingDomain } from "@/lib/domains/manage-domains";

export const GET = v1Route(getDomainOperation, async ({ principal, params }) => ({
  data: await getDomainOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateDomainOperation, async ({ principal, params, body }) => ({
  data: await updateSendingDomain({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteDomainOperation, async ({ principal, params }) => ({
  data: await deleteSendingDomain({ principal, id: params.id }),
}));
