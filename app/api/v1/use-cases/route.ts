// GET /api/v1/use-cases — list use cases, paginated (use-cases:read)
// POST /api/v1/use-cases — create a use case (use-cases:write)
import { v1Route } from "@/lib/http/v1-route";
import { createUseCaseOperation, listUseCasesOperation } from "@/lib/use-cases/operations";

export const GET = v1Route(listUseCasesOperation);

export const POST = v1Route(createUseCaseOperation);
