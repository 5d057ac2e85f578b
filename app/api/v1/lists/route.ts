// GET /api/v1/lists — the contact lists with their counts, paginated (lists:read)
// POST /api/v1/lists — create a list (lists:write)
import { v1Route } from "@/lib/http/v1-route";
import { createListOperation, listListsOperation } from "@/lib/lists/operations";

export const GET = v1Route(listListsOperation);

export const POST = v1Route(createListOperation);
