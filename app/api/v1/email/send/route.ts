// POST /api/v1/email/send — send one email (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { toWire } from "@/lib/http/wire";
import { sendEmailOperation } from "@/lib/email/operations";
import { sendResultSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";

export const POST = v1Route(sendEmailOperation, async ({ req, principal, body }) => ({
  data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, async () =>
    toWire(sendResultSchema, await sendEmail({ principal, input: body })),
  ),
}));
