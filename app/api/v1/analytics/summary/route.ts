// GET /api/v1/analytics/summary — organization-level counts and rates (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { analyticsSummaryOperation } from "@/lib/analytics/operations";
import { reportRange } from "@/lib/analytics/report-range";
import { summaryReport } from "@/lib/analytics/reports";

export const GET = v1Route(analyticsSummaryOperation, async ({ principal, query }) => ({
  data: await summaryReport(await reportRange(principal, query)),
}));
