// GET /api/v1/suppressions — the suppression list, newest first, paginated (contacts:read)
// POST /api/v1/suppressions — suppress an address; 200 with the existing row if it already is (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createSuppressionOperation, listSuppressionsOperation } from "@/lib/suppressions/operations";

export const GET = v1Route(listSuppressionsOperation);

export const POST = v1Route(createSuppressionOperation);
