import { defineOperation } from "@/lib/http/operation";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { sendEmailSchema, sendResultSchema } from "@/lib/email/schemas";

export const sendEmailOperation = defineOperation({
  method: "POST",
  path: "/api/v1/email/send",
  summary: "Send one email (Idempotency-Key header supported)",
  tag: "Email",
  scope: "email:send",
  body: sendEmailSchema,
  response: sendResultSchema,
  bodyLimit: SEND_BODY_LIMIT,
});
