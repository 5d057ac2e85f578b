// GET /api/analytics/delivery-report — daily stats and provider breakdown for from..to (session, or a key with analytics:read)
import { legacyRoute } from "@/lib/http/legacy-route";
import { reportQuerySchema, deliveryReportSchema } from "@/lib/analytics/schemas";
import { reportRange } from "@/lib/analytics/report-range";
import { deliveryReport } from "@/lib/analytics/reports";

export const GET = legacyRoute(
  { access: { keyScope: "analytics:read" }, permission: "analytics.view", query: reportQuerySchema, response: deliveryReportSchema },
  async ({ principal, query }) => ({ body: await deliveryReport(await reportRange(principal, query)) }),
);
