import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { sendResultSchema, v1SendEmailSchema } from "@/lib/email/schemas";
import { scheduledEmailSchema } from "@/lib/scheduling/schemas";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule } from "@/lib/email/send-or-schedule";

export const sendEmailOperation = defineOperation(
  {
    method: "POST",
    path: "/api/v1/email/send",
    summary: "Send one email now, or at scheduledAt (Idempotency-Key header supported)",
    tag: "Email",
    scope: "email:send",
    body: v1SendEmailSchema,
    response: z.union([sendResultSchema, scheduledEmailSchema]).describe("the send result; with scheduledAt, the scheduled email"),
    bodyLimit: SEND_BODY_LIMIT,
    readsRequest: true,
  },
  async ({ req, principal, body }) => ({
    data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, () => sendOrSchedule(principal, body)),
  }),
);
