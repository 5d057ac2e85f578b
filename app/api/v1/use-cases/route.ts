// GET /api/v1/use-cases — list use cases, paginated (use-cases:read)
// POST /api/v1/use-cases — create a use case (use-cases:write)
import { v1Route } from "@/lib/http/v1-route";
import { pageWindow, paginated } from "@/lib/http/pagination";
import { createUseCaseOperation, listUseCasesOperation } from "@/lib/use-cases/operations";
import { createUseCase, listUseCases } from "@/lib/use-cases/manage-use-cases";

export const GET = v1Route(listUseCasesOperation, async ({ principal, query }) => {
  const { items, total } = await listUseCases({ orgId: principal.orgId, ...pageWindow(query) });
  return paginated(items, total, query);
});

export const POST = v1Route(createUseCaseOperation, async ({ principal, body }) => ({
  data: await createUseCase({ principal, input: body }),
}));
