// POST /api/v1/inbox/messages/:id/reply — reply to a received message, threaded (inbox:send)
import { v1Route } from "@/lib/http/v1-route";
import { toWire } from "@/lib/http/wire";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { sendResultSchema } from "@/lib/email/schemas";
import { replyInboxOperation } from "@/lib/inbound/operations";
import { replyToInbound } from "@/lib/inbound/reply";

export const POST = v1Route(replyInboxOperation, async ({ req, principal, params, body }) => ({
  data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), { reply: params.id, ...body }, async () =>
    toWire(sendResultSchema, await replyToInbound({ principal, id: params.id, input: body })),
  ),
}));
