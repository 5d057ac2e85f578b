// GET /api/v1/senders/:id — one sender (senders:read)
// PATCH /api/v1/senders/:id — change its display name (senders:write)
// DELETE /api/v1/senders/:id — delete it (senders:write)
import { v1Route } from "@/lib/http/v1-route";
import { deleteSenderOperation, getSenderOperation, updateSenderOperation } from "@/lib/senders/operations";
import { deleteSender, getSenderOrThrow, updateSender } from "@/lib/senders/manage-senders";

export const GET = v1Route(getSenderOperation, async ({ principal, params }) => ({
  data: await getSenderOrThrow({ orgId: principal.orgId, id: params.id }),
}));

export const PATCH = v1Route(updateSenderOperation, async ({ principal, params, body }) => ({
  data: await updateSender({ principal, id: params.id, input: body }),
}));

export const DELETE = v1Route(deleteSenderOperation, async ({ principal, params }) => ({
  data: await deleteSender({ principal, id: params.id }),
}));
