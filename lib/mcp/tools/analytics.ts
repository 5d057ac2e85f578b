// analytics_summary (GET /api/v1/analytics/summary), list_messages (GET /api/v1/email/messages)
// and get_message (GET /api/v1/email/messages/{messageId}), all analytics:read.
import { analyticsSummaryOperation, getMessageOperation, listMessagesOperation } from "@/lib/analytics/operations";
import { READ_ONLY } from "@/lib/mcp/define-tool";
import { operationTool } from "@/lib/mcp/operation-tool";

export const analyticsSummaryTool = operationTool(analyticsSummaryOperation, {
  name: "analytics_summary",
  title: "Analytics summary",
  description:
    "Counts and rates (sent, delivered, opened, clicked, bounced) for a period: from defaults to 30 days ago, to to now; " +
    "projectId narrows to one project; tag (name:value) narrows to messages with that tag. Needs the analytics:read scope.",
  annotations: READ_ONLY,
});

export const listMessagesTool = operationTool(listMessagesOperation, {
  name: "list_messages",
  title: "List sent messages",
  description:
    "The organization's messages, newest first: filter by status, to, from, subject (each part of the text), tag (name:value), " +
    "projectId, since and until; perPage up to 100; pass pagination.nextCursor as cursor for the next page. Needs the analytics:read scope.",
  annotations: READ_ONLY,
});

export const getMessageTool = operationTool(getMessageOperation, {
  name: "get_message",
  title: "Get a message and its events",
  description:
    "One sent message (by the id send_email or list_messages gave): addresses, status and each recipient's, provider, tags, " +
    "metadata, html and text, and its events oldest first. Needs the analytics:read scope.",
  annotations: READ_ONLY,
});
