// GET /api/analytics/bounce-report — bounces by reason and by provider for from..to (session, or a key with analytics:read)
import { legacyRoute } from "@/lib/http/legacy-route";
import { toWire } from "@/lib/http/wire";
import { reportQuerySchema, bounceReportSchema } from "@/lib/analytics/schemas";
import { reportRange } from "@/lib/analytics/report-range";
import { bounceReport } from "@/lib/analytics/reports";

export const GET = legacyRoute(
  { access: { keyScope: "analytics:read" }, permission: "analytics.view", query: reportQuerySchema },
  async ({ principal, query }) => ({ body: toWire(bounceReportSchema, await bounceReport(await reportRange(principal, query))) }),
);
