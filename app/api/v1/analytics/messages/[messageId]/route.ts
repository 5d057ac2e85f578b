// GET /api/v1/analytics/messages/:messageId — one message and its ordered event timeline (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { messageTimelineOperation } from "@/lib/analytics/operations";

export const GET = v1Route(messageTimelineOperation);
