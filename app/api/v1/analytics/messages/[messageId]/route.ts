// GET /api/v1/analytics/messages/:messageId — one message and its ordered event timeline (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { messageTimelineOperation } from "@/lib/analytics/operations";
import { messageTimeline } from "@/lib/analytics/message-timeline";

export const GET = v1Route(messageTimelineOperation, async ({ principal, params }) => ({
  data: await messageTimeline({ principal, id: params.messageId }),
}));
