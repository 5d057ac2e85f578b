// GET /api/v1/email/messages/{messageId} — one message in full, with its events (analytics:read)
import { v1Route } from "@/lib/http/v1-route";
import { getMessageOperation } from "@/lib/analytics/operations";

export const GET = v1Route(getMessageOperation);
