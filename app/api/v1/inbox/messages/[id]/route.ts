// GET /api/v1/inbox/messages/:id — one received message in full (inbox:read)
import { v1Route } from "@/lib/http/v1-route";
import { getInboxMessageOperation } from "@/lib/inbound/operations";

export const GET = v1Route(getInboxMessageOperation);
