// send_email and schedule_email: POST /api/v1/email/send (email:send), with and without
// scheduledAt. The body schema is the v1 route's; schedule_email only makes scheduledAt required.
import { sendEmailOperation } from "@/lib/email/operations";
import { sendOrSchedule, type SendBody } from "@/lib/email/send-or-schedule";
import type { Principal } from "@/lib/http/principal";
import { defineTool } from "@/lib/mcp/define-tool";

const sendBody = sendEmailOperation.body;
const scheduleBody = sendBody.safeExtend({ scheduledAt: sendBody.shape.scheduledAt.unwrap() });

/** The v1 route's work without its Idempotency-Key (a header, which tool calls do not have). */
const run = async (principal: Principal, body: SendBody) => ({ data: await sendOrSchedule(principal, body) });

export const sendEmailTool = defineTool({
  name: "send_email",
  title: "Send an email",
  description:
    "Send one email now (or at scheduledAt) through the organization's providers, under the same rules as POST /api/v1/email/send: " +
    "test mode, suppressions, verified senders and the monthly allowance apply. Returns the send result. Needs the email:send scope.",
  op: sendEmailOperation,
  input: sendBody,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run,
});

export const scheduleEmailTool = defineTool({
  name: "schedule_email",
  title: "Schedule an email",
  description:
    "Schedule one email for scheduledAt (ISO 8601 with an offset, in the future, at most 365 days ahead), checked now as if it went now. " +
    "Returns the scheduled email. Needs the email:send scope.",
  op: sendEmailOperation,
  input: scheduleBody,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run,
});
