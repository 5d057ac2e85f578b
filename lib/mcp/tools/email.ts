// send_email and schedule_email: POST /api/v1/email/send (email:send), with and without
// scheduledAt. The body schema is the v1 route's; schedule_email only makes scheduledAt required.
// The route's Idempotency-Key header is the optional idempotencyKey argument here (tool calls
// have no headers of their own): same rules, same store, so a retried call sends once.
import { z } from "zod";
import { sendEmailOperation } from "@/lib/email/operations";
import { IDEMPOTENCY_KEY_PATTERN, withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule, type SendBody } from "@/lib/email/send-or-schedule";
import type { Principal } from "@/lib/auth/principal";
import { defineTool } from "@/lib/mcp/define-tool";

const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN, "must be 1 to 255 visible ASCII characters")
  .optional()
  .describe(
    "as the v1 Idempotency-Key header: the same key with the same arguments within 24 hours returns the first result without sending again; with other arguments it is refused (IDEMPOTENCY_CONFLICT)",
  );

const sendBody = sendEmailOperation.body;
const sendArgs = sendBody.safeExtend({ idempotencyKey });
const scheduleArgs = sendBody.safeExtend({ scheduledAt: sendBody.shape.scheduledAt.unwrap(), idempotencyKey });

/** The v1 route's work: the body sent or scheduled once per idempotency key. */
const run = async (principal: Principal, { idempotencyKey: key, ...body }: SendBody & { idempotencyKey?: string }) => ({
  data: await withIdempotency(principal.orgId, key ?? null, body, () => sendOrSchedule(principal, body)),
});

export const sendEmailTool = defineTool({
  name: "send_email",
  title: "Send an email",
  description:
    "Send one email now (or at scheduledAt) through the organization's providers, under the same rules as POST /api/v1/email/send: " +
    "test mode, suppressions, verified senders and the monthly allowance apply. Pass an idempotencyKey to make a retry safe. " +
    "Returns the send result. Needs the email:send scope.",
  op: sendEmailOperation,
  input: sendArgs,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run,
});

export const scheduleEmailTool = defineTool({
  name: "schedule_email",
  title: "Schedule an email",
  description:
    "Schedule one email for scheduledAt (ISO 8601 with an offset, in the future, at most 365 days ahead), checked now as if it went now. " +
    "Pass an idempotencyKey to make a retry safe. Returns the scheduled email. Needs the email:send scope.",
  op: sendEmailOperation,
  input: scheduleArgs,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run,
});
