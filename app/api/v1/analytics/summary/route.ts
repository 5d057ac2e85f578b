// GET /api/v1/analytics/summary — organization-level counts and rates (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { analyticsSummaryOperation } from "@/lib/analytics/operations";

export const GET = v1Route(analyticsSummaryOperation);
