// The one way inbound actions send (forward, auto_reply): through the normal send path as the
// organization itself, exactly once. The send carries an idempotency key unique to the action;
// if an earlier run died mid-send, the key is still "in progress" and the messages log settles
// what happened: sent (done), never recorded (the key is freed and the send retried), or
// stuck at the provider with no outcome (failed, never resent: a second copy is worse).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { sendEmail } from "@/lib/email/send-email";
import { withIdempotency } from "@/lib/email/idempotency";
import type { SendEmailInput } from "@/lib/email/schemas";
import type { ActionOutcome } from "@/lib/inbound/actions/action-run";

/** A send in progress longer than this was cut off by a crash (sends time out well within it). */
const ABANDONED_MS = 2 * 60_000;

/** Thrown for a state a later run resolves: the job retries. */
class SendNotSettled extends Error {
  override name = "SendNotSettled";
}

async function settle(orgId: string, key: string): Promise<ActionOutcome> {
  const sent = await db().message.findFirst({
    where: { orgId, metadata: { path: ["inboundAction"], equals: key } },
    orderBy: { createdAt: "desc" },
  });
  // unconfirmed: a provider may have it, and its reconciliation decides (docs/sending.md); never sent again from here.
  if (sent?.status === "sent" || sent?.status === "unconfirmed") return { status: "done", detail: `sent as ${sent.id}` };
  const pending = await db().idempotencyKey.findUnique({ where: { orgId_key: { orgId, key } } });
  if (pending?.responseBody) return { status: "done", detail: "sent" };
  const abandoned = !pending || Date.now() - pending.createdAt.getTime() > ABANDONED_MS;
  if (!abandoned) throw new SendNotSettled(`the send of ${key} is still in progress`);
  if (sent?.status === "queued")
    return { status: "failed", detail: `interrupted while the provider had it (message ${sent.id}); not sent again, to avoid a duplicate` };
  // Cut off before the message was recorded (or it failed): nothing went out.
  await db().idempotencyKey.deleteMany({ where: { orgId, key } });
  throw new SendNotSettled(`the send of ${key} was interrupted before it went out; sending again`);
}

export async function sendOnce(orgId: string, key: string, input: SendEmailInput): Promise<ActionOutcome> {
  const marked = { ...input, metadata: { ...input.metadata, inboundAction: key } };
  try {
    const sent = await withIdempotency(orgId, key, { action: key }, () =>
      sendEmail({ principal: { kind: "system", orgId, actor: "inbound_rule" }, input: marked }),
    );
    return { status: "done", detail: `sent as ${sent.id}` };
  } catch (err) {
    if (err instanceof AppError && err.code === "IDEMPOTENCY_CONFLICT") return settle(orgId, key);
    throw err;
  }
}
