// GET /api/v1/use-cases/:id — one use case (use-cases:read)
// PATCH /api/v1/use-cases/:id — rename it or change its description (use-cases:write)
// DELETE /api/v1/use-cases/:id — delete it (use-cases:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteUseCaseOperation, getUseCaseOperation, updateUseCaseOperation } from "@/lib/use-cases/operations";
import { deleteUseCase, getUseCaseOrThrow, updateUseCase } from "@/lib/use-cases/manage-use-cases";

export const GET = v1Route(getUseCaseOperation, async ({ principal, params }) => ({
  data: await getUseCaseOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateUseCaseOperation, async ({ principal, params, body }) => ({
  data: await updateUseCase({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteUseCaseOperation, async ({ principal, params }) => ({
  data: await deleteUseCase({ principal, id: params.id }),
}));
