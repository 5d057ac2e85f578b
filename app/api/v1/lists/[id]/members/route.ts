// GET /api/v1/lists/:id/members — the list's contacts, paginated (lists:read)
// POST /api/v1/lists/:id/members — add contacts by id or by address (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { addListMembersOperation, listListMembersOperation } from "@/lib/lists/operations";

export const GET = v1Route(listListMembersOperation);

export const POST = v1Route(addListMembersOperation);
