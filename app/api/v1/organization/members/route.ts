// GET /api/v1/organization/members — the organization's members, paginated (org:read)
import { v1Route } from "@/lib/http/v1-route";
import { listMembersOperation } from "@/lib/members/operations";

export const GET = v1Route(listMembersOperation);
