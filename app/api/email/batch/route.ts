// POST /api/email/batch — send 1 to 100 emails; the bare array of entries, one per item in order (session, or a key with email:send)
import { legacyRoute } from "@/lib/http/legacy-route";
import { BATCH_BODY_LIMIT, batchResultSchema, batchSendSchema } from "@/lib/email/batch-schemas";
import { sendBatchOnce } from "@/lib/email/batch-send";
import { idempotencyKeyOf } from "@/lib/email/idempotency";

export const POST = legacyRoute(
  { access: { keyScope: "email:send" }, body: batchSendSchema, bodyLimit: BATCH_BODY_LIMIT, response: batchResultSchema },
  async ({ req, principal, body }) => ({ body: await sendBatchOnce(principal, idempotencyKeyOf(req), body) }),
);
