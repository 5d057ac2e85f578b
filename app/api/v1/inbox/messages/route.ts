// GET /api/v1/inbox/messages — the inbox, newest first, paginated (inbox:read)
import { v1Route } from "@/lib/http/v1-route";
import { listInboxOperation } from "@/lib/inbound/operations";

export const GET = v1Route(listInboxOperation);
