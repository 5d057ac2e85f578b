// GET /api/v1/domains/:id — one domain with its DNS records (domains:read)
// PATCH /api/v1/domains/:id — turn receiving on or off: {inbound} (domains:write)
// DELETE /api/v1/domains/:id — delete it (domains:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteDomainOperation, getDomainOperation, updateDomainOperation } from "@/lib/domains/operations";

export const GET = v1Route(getDomainOperation);

export const PATCH = v1Route(updateDomainOperation);

export const DELETE = v1Route(deleteDomainOperation);
