import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { sendResultSchema, v1SendEmailSchema } from "@/lib/email/schemas";
import { scheduledEmailSchema } from "@/lib/scheduling/schemas";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule } from "@/lib/email/send-or-schedule";
import { BATCH_BODY_LIMIT, batchResultSchema, batchSendSchema } from "@/lib/email/batch-schemas";
import { sendBatchOnce } from "@/lib/email/batch-send";

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

export const sendBatchOperation = defineOperation(
  {
    method: "POST",
    path: "/api/v1/email/batch",
    summary:
      "Send 1 to 100 emails in one request, each as POST /api/v1/email/send would; one entry per item, in order (Idempotency-Key header supported)",
    tag: "Email",
    scope: "email:send",
    body: batchSendSchema,
    response: batchResultSchema,
    bodyLimit: BATCH_BODY_LIMIT,
    readsRequest: true,
  },
  async ({ req, principal, body }) => ({ data: await sendBatchOnce(principal, idempotencyKeyOf(req), body) }),
);
