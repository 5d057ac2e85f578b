// POST /api/email/send — send one email (session, or a key with email:send)
import { legacyRoute } from "@/lib/http/legacy-route";
import { SEND_BODY_LIMIT } from "@/lib/http/read-body";
import { sendEmailSchema, sendResultSchema } from "@/lib/email/schemas";
import { sendEmail } from "@/lib/email/send-email";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";

export const POST = legacyRoute(
  { access: { keyScope: "email:send" }, body: sendEmailSchema, bodyLimit: SEND_BODY_LIMIT, response: sendResultSchema },
  async ({ req, principal, body }) => ({
    body: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, () => sendEmail({ principal, input: body })),
  }),
);
