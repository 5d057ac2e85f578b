// POST /api/v1/email/send's work, shared with the MCP send tools: send now, or schedule when
// the body names scheduledAt. Answers the wire form of the send result or the scheduled email.
import type { z } from "zod";
import { toWire } from "@/lib/http/wire";
import type { Principal } from "@/lib/auth/principal";
import { sendResultSchema, type v1SendEmailSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { scheduleEmail } from "@/lib/scheduling/schedule-email";
import { scheduledEmailSchema } from "@/lib/scheduling/schemas";
import type { ByteBudget } from "@/lib/net/guarded-get";

export type SendBody = z.output<typeof v1SendEmailSchema>;

/** `attachmentBudget`: the request's, when it sends several messages (a batch). */
export async function sendOrSchedule(principal: Principal, { scheduledAt, maxRetries, ...input }: SendBody, attachmentBudget?: ByteBudget) {
  return scheduledAt
    ? toWire(scheduledEmailSchema, await scheduleEmail({ principal, input, scheduledFor: scheduledAt, maxRetries, field: "scheduledAt" }))
    : toWire(sendResultSchema, await sendEmail({ principal, input, attachmentBudget }));
}
