// POST /api/v1/email/send — send one email, or schedule it with scheduledAt (email:send)
import { v1Route } from "@/lib/http/v1-route";
import { sendEmailOperation } from "@/lib/email/operations";
import { idempotencyKeyOf, withIdempotency } from "@/lib/email/idempotency";
import { sendOrSchedule } from "@/lib/email/send-or-schedule";

export const POST = v1Route(sendEmailOperation, async ({ req, principal, body }) => ({
  data: await withIdempotency(principal.orgId, idempotencyKeyOf(req), body, () => sendOrSchedule(principal, body)),
}));
