import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { sendResultSchema, v1SendEmailSchema } from "@/lib/email/schemas";
import { scheduledEmailSchema } from "@/lib/scheduling/schemas";

export const sendEmailOperation = defineOperation({
  method: "POST",
  path: "/api/v1/email/send",
  summary: "Send one email now, or at scheduledAt (Idempotency-Key header supported)",
  tag: "Email",
  scope: "email:send",
  body: v1SendEmailSchema,
  response: z.union([sendResultSchema, scheduledEmailSchema]).describe("the send result; with scheduledAt, the scheduled email"),
  bodyLimit: SEND_BODY_LIMIT,
});
