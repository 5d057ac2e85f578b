// GET /api/v1/analytics/use-cases — counts and rates by use case (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { analyticsUseCasesOperation } from "@/lib/analytics/operations";
import { reportRange } from "@/lib/analytics/report-range";
import { useCaseReport } from "@/lib/analytics/use-case-report";

export const GET = v1Route(analyticsUseCasesOperation, async ({ principal, query }) => ({
  data: await useCaseReport(await reportRange(principal, query)),
}));
