// POST /api/email/send-templated — a template to each recipient, one result each (session, or a key with email:send)
import { legacyRoute } from "@/lib/http/legacy-route";
import { sendTemplatedSchema, templatedResultsSchema } from "@/lib/templates/schemas";
import { sendTemplated } from "@/lib/templates/send-templated";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";

export const POST = legacyRoute(
  { access: { keyScope: "email:send" }, body: sendTemplatedSchema, response: templatedResultsSchema },
  async ({ req, principal, body }) => ({
    body: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, () => sendTemplated({ principal, input: body })),
  }),
);
