// GET /api/v1/lists/:id/members — the list's contacts, paginated (lists:read)
// POST /api/v1/lists/:id/members — add contacts by id or by address (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { addListMembersOperation, listListMembersOperation } from "@/lib/lists/operations";
import { addMembers, listMembers } from "@/lib/lists/manage-members";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listListMembersOperation, async ({ principal, params, query }) => {
  const { items, total } = await listMembers({ orgId: principal.orgId, id: params.id, query });
  return paginated(items, total, query);
});

export const POST = v1Route(addListMembersOperation, async ({ principal, params, body }) => ({
  data: await addMembers({ principal, id: params.id, input: body }),
}));
