// GET /api/v1/analytics/use-cases — counts and rates by use case (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { analyticsUseCasesOperation } from "@/lib/analytics/operations";

export const GET = v1Route(analyticsUseCasesOperation);
