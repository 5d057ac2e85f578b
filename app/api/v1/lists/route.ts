// GET /api/v1/lists — the contact lists with their counts, paginated (lists:read)
// POST /api/v1/lists — create a list (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createListOperation, listListsOperation } from "@/lib/lists/operations";
import { createList, listLists } from "@/lib/lists/manage-lists";

export const GET = v1Route(listListsOperation, async ({ principal, query }) => {
  const { items, total } = await listLists({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createListOperation, async ({ principal, body }) => ({
  data: await createList({ principal, input: body }),
}));
