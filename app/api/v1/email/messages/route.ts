// GET /api/v1/email/messages — the organization's messages, newest first (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { listMessagesOperation } from "@/lib/analytics/operations";

export const GET = v1Route(listMessagesOperation);
