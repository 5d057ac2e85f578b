// GET /api/analytics/summary — totals and rates for from..to, optionally of one tag's messages (session, or a key with analytics:read)
import { legacyRoute } from "@/lib/http/legacy-route";
import { summaryQuerySchema, summarySchema } from "@/lib/analytics/schemas";
import { reportRange } from "@/lib/analytics/report-range";
import { summaryReport } from "@/lib/analytics/reports";

export const GET = legacyRoute(
  { access: { keyScope: "analytics:read" }, permission: "analytics.view", query: summaryQuerySchema, response: summarySchema },
  async ({ principal, query }) => ({ body: await summaryReport(await reportRange(principal, query), query.tag) }),
);
