// POST /api/v1/email/send-templated — a template to each recipient, one result each (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { toWire } from "@/lib/http/wire";
import { sendTemplatedOperation } from "@/lib/templates/operations";
import { templatedResultsSchema } from "@/lib/templates/schemas";
import { sendTemplated } from "@/lib/templates/send-templated";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";

export const POST = v1Route(sendTemplatedOperation, async ({ req, principal, body }) => ({
  data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, async () =>
    toWire(templatedResultsSchema, await sendTemplated({ principal, input: body })),
  ),
}));
