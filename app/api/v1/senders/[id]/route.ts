// GET /api/v1/senders/:id — one sender (senders:read)
// PATCH /api/v1/senders/:id — change its display name (senders:write)
// DELETE /api/v1/senders/:id — delete it (senders:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSenderOperation, getSenderOperation, updateSenderOperation } from "@/lib/senders/operations";

export const GET = v1Route(getSenderOperation);

export const PATCH = v1Route(updateSenderOperation);

export const DELETE = v1Route(deleteSenderOperation);
