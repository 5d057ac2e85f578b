// GET /api/v1/suppressions/:email — is this address suppressed? its row, or 404 (contacts:read)
// DELETE /api/v1/suppressions/:email — remove it, so mail to it is sent again (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSuppressionOperation, getSuppressionOperation } from "@/lib/suppressions/operations";
import { deleteSuppression, getSuppressionOrThrow } from "@/lib/suppressions/manage-suppressions";

export const GET = v1Route(getSuppressionOperation, async ({ principal, params }) => ({
  data: await getSuppressionOrThrow({ orgId: principal.orgId, email: params.email }),
}));

export const DELETE = v1Route(deleteSuppressionOperation, async ({ principal, params }) => ({
  data: await deleteSuppression({ principal, email: params.email }),
}));
