// GET /api/v1/suppressions — the suppression list, newest first, paginated (contacts:read)
// POST /api/v1/suppressions — suppress an address; 200 with the existing row if it already is (contacts:write)
import { v1Route } from "@/lib/http/v1-route";
import { createSuppressionOperation, listSuppressionsOperation } from "@/lib/suppressions/operations";
import { createSuppression, listSuppressions } from "@/lib/suppressions/manage-suppressions";
import { paginated } from "@/lib/http/pagination";

export const GET = v1Route(listSuppressionsOperation, async ({ principal, query }) => {
  const { items, total } = await listSuppressions({ orgId: principal.orgId, query });
  return paginated(items, total, query);
});

export const POST = v1Route(createSuppressionOperation, async ({ principal, body }) => {
  const { suppression, created } = await createSuppression({ principal, input: body });
  return { data: suppression, status: created ? 201 : 200 };
});
