// GET /api/v1/suppressions/:email — is this address suppressed? its row, or 404 (contacts:read)
// DELETE /api/v1/suppressions/:email — remove it, so mail to it is sent again (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSuppressionOperation, getSuppressionOperation } from "@/lib/suppressions/operations";

export const GET = v1Route(getSuppressionOperation);

export const DELETE = v1Route(deleteSuppressionOperation);
