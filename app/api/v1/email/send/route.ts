// POST /api/v1/email/send — send one email, or schedule it with scheduledAt (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { toWire } from "@/lib/http/wire";
import { sendEmailOperation } from "@/lib/email/operations";
import { sendResultSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { scheduleEmail } from "@/lib/scheduling/schedule-email";
import { scheduledEmailSchema } from "@/lib/scheduling/schemas";

export const POST = v1Route(sendEmailOperation, async ({ req, principal, body: { scheduledAt, maxRetries, ...input } }) => ({
  data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), { scheduledAt, maxRetries, ...input }, async () =>
    scheduledAt
      ? toWire(scheduledEmailSchema, await scheduleEmail({ principal, input, scheduledFor: scheduledAt, maxRetries, field: "scheduledAt" }))
      : toWire(sendResultSchema, await sendEmail({ principal, input })),
  ),
}));
