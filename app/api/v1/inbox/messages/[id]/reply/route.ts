// POST /api/v1/inbox/messages/:id/reply — reply to a received message, threaded (inbox:send)
import { v1Route } from "@/lib/http/v1-route";
import { replyInboxOperation } from "@/lib/inbound/operations";

export const POST = v1Route(replyInboxOperation);
