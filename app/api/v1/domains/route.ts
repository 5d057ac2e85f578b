// GET /api/v1/domains — list domains with their records, paginated (domains:read)
// POST /api/v1/domains — add a sending domain and make its DKIM key (domains:write)
import { v1Route } from "@/lib/http/v1-route";
import { createDomainOperation, listDomainsOperation } from "@/lib/domains/operations";

export const GET = v1Route(listDomainsOperation);

export const POST = v1Route(createDomainOperation);
