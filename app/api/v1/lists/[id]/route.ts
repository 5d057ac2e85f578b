// GET /api/v1/lists/:id — one list with its counts (lists:read)
// PATCH /api/v1/lists/:id — rename it or change its description (lists:write)
// DELETE /api/v1/lists/:id — delete it; its contacts stay (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteListOperation, getListOperation, updateListOperation } from "@/lib/lists/operations";

export const GET = v1Route(getListOperation);

export const PATCH = v1Route(updateListOperation);

export const DELETE = v1Route(deleteListOperation);
