// GET /api/v1/lists/:id — one list with its counts (lists:read)
// PATCH /api/v1/lists/:id — rename it or change its description (lists:write)
// DELETE /api/v1/lists/:id — delete it; its contacts stay (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteListOperation, getListOperation, updateListOperation } from "@/lib/lists/operations";
import { deleteList, getListOrThrow, updateList } from "@/lib/lists/manage-lists";

export const GET = v1Route(getListOperation, async ({ principal, params }) => ({
  data: await getListOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateListOperation, async ({ principal, params, body }) => ({
  data: await updateList({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteListOperation, async ({ principal, params }) => ({
  data: await deleteList({ principal, id: params.id }),
}));
