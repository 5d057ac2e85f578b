// GET /api/v1/organization — the caller's organization (org:read)
// PATCH /api/v1/organization — rename it, set tracking or its default project (org:write)
import { v1Route } from "@/lib/http/v1-route";
import { getOrganizationOperation, updateOrganizationOperation } from "@/lib/orgs/operations";

export const GET = v1Route(getOrganizationOperation);

export const PATCH = v1Route(updateOrganizationOperation);
