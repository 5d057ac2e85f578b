// GET /api/analytics/bounce-report — bounces by reason and by provider for from..to (session, or a key with analytics:read)
import { legacyRoute } from "@/lib/http/legacy-route";
import { reportQuerySchema, bounceReportSchema } from "@/lib/analytics/schemas";
import { reportRange } from "@/lib/analytics/report-range";
import { bounceReport } from "@/lib/analytics/reports";

export const GET = legacyRoute(
  { access: { keyScope: "analytics:read" }, permission: "analytics.view", query: reportQuerySchema, response: bounceReportSchema },
  async ({ principal, query }) => ({ body: await bounceReport(await reportRange(principal, query)) }),
);
