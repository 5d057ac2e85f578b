// GET /api/v1/senders — list senders, paginated (senders:read)
// POST /api/v1/senders — add a sender (senders:write)
import { v1Route } from "@/lib/http/v1-route";
import { createSenderOperation, listSendersOperation } from "@/lib/senders/operations";

export const GET = v1Route(listSendersOperation);

export const POST = v1Route(createSenderOperation);
