// analytics_summary (GET /api/v1/analytics/summary) and get_message
// (GET /api/v1/analytics/messages/:messageId), both analytics:read.
import { analyticsSummaryOperation, messageTimelineOperation } from "@/lib/analytics/operations";
import { READ_ONLY } from "@/lib/mcp/define-tool";
import { operationTool } from "@/lib/mcp/operation-tool";

export const analyticsSummaryTool = operationTool(analyticsSummaryOperation, {
  name: "analytics_summary",
  title: "Analytics summary",
  description:
    "Counts and rates (sent, delivered, opened, clicked, bounced) for a period: from defaults to 30 days ago, to to now; " +
    "projectId narrows to one project. Needs the analytics:read scope.",
  annotations: READ_ONLY,
});

export const getMessageTool = operationTool(messageTimelineOperation, {
  name: "get_message",
  title: "Get a message and its timeline",
  description: "One sent message (by the id send_email returned) and its event timeline, oldest first. Needs the analytics:read scope.",
  annotations: READ_ONLY,
});
