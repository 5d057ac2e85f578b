// analytics_summary (GET /api/v1/analytics/summary) and get_message
// (GET /api/v1/analytics/messages/:messageId), both analytics:read.
import { analyticsSummaryOperation, messageTimelineOperation } from "@/lib/analytics/operations";
import { reportRange } from "@/lib/analytics/report-range";
import { summaryReport } from "@/lib/analytics/reports";
import { messageTimeline } from "@/lib/analytics/message-timeline";
import { defineTool, READ_ONLY } from "@/lib/mcp/define-tool";

export const analyticsSummaryTool = defineTool({
  name: "analytics_summary",
  title: "Analytics summary",
  description:
    "Counts and rates (sent, delivered, opened, clicked, bounced) for a period: from defaults to 30 days ago, to to now; " +
    "projectId narrows to one project. Needs the analytics:read scope.",
  op: analyticsSummaryOperation,
  input: analyticsSummaryOperation.query,
  annotations: READ_ONLY,
  run: async (principal, query) => ({ data: await summaryReport(await reportRange(principal, query)) }),
});

export const getMessageTool = defineTool({
  name: "get_message",
  title: "Get a message and its timeline",
  description: "One sent message (by the id send_email returned) and its event timeline, oldest first. Needs the analytics:read scope.",
  op: messageTimelineOperation,
  // A path parameter on v1, so its schema need not refuse other keys; an argument object must.
  input: messageTimelineOperation.params.strict(),
  annotations: READ_ONLY,
  run: async (principal, { messageId }) => ({ data: await messageTimeline({ principal, id: messageId }) }),
});
