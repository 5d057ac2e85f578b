// send_email and schedule_email: POST /api/v1/email/send (email:send), with and without
// scheduledAt. The body schema is the v1 route's; schedule_email only makes scheduledAt required.
// update_scheduled_email: PATCH /api/v1/email/scheduled/{id}, its id beside the change.
// The route's Idempotency-Key header is the optional idempotencyKey argument here (tool calls
// have no headers of their own): same rules, same store, so a retried call sends once.
import { z } from "zod";
import { sendEmailOperation } from "@/lib/email/operations";
import { IDEMPOTENCY_KEY_PATTERN, withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule, type SendBody } from "@/lib/email/send-or-schedule";
import type { Principal } from "@/lib/auth/principal";
import { defineTool } from "@/lib/mcp/define-tool";
import { updateScheduledOperation } from "@/lib/scheduling/operations";
import { NOTHING_TO_CHANGE, changesSomething, scheduledIdParamsSchema, updateScheduledSchema } from "@/lib/scheduling/schemas";
import { updateScheduledOnce } from "@/lib/scheduling/update-scheduled";

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
    'Schedule one email for scheduledAt (ISO 8601 with an offset, or a relative time such as "in 10 minutes"; in the future, at most 365 days ahead), ' +
    "checked now as if it went now. " +
    "Pass an idempotencyKey to make a retry safe. Returns the scheduled email. Needs the email:send scope.",
  op: sendEmailOperation,
  input: scheduleArgs,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run,
});

const updateArgs = scheduledIdParamsSchema
  .extend({ ...updateScheduledSchema.shape, idempotencyKey })
  .strict()
  .refine(changesSomething, NOTHING_TO_CHANGE);

export const updateScheduledEmailTool = defineTool({
  name: "update_scheduled_email",
  title: "Change a scheduled email",
  description:
    "Change a scheduled email while it still waits, under the same rules as PATCH /api/v1/email/scheduled/{id}: give its id and scheduledAt " +
    '(ISO 8601 with an offset, or "in 10 minutes") and/or any send field (null removes one). The result is checked as a whole send body, ' +
    "as scheduling checks it. Refused (CONFLICT) once it is sending, sent, failed or cancelled. Returns the scheduled email. Needs the email:send scope.",
  op: updateScheduledOperation,
  input: updateArgs,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (principal, { id, idempotencyKey: key, ...change }) => ({
    data: await updateScheduledOnce({ principal, id, change }, key ?? null),
  }),
});
