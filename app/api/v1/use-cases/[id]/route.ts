// GET /api/v1/use-cases/:id — one use case (use-cases:read)
// PATCH /api/v1/use-cases/:id — rename it or change its description (use-cases:write)
// DELETE /api/v1/use-cases/:id — delete it (use-cases:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteUseCaseOperation, getUseCaseOperation, updateUseCaseOperation } from "@/lib/use-cases/operations";

export const GET = v1Route(getUseCaseOperation);

export const PATCH = v1Route(updateUseCaseOperation);

export const DELETE = v1Route(deleteUseCaseOperation);
