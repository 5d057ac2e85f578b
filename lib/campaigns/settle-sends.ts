// Exactly once, from the messages log. A campaign's message to one recipient is recorded
// (messages.campaign_send_id, UNIQUE) before it is handed to a provider, and its outcome after;
// so a recipient row whose send ended without an outcome of ours (a failure we could not
// classify, or a process killed mid-send, its claim left 'sending') is settled by what the log
// says:
// - message sent: the row is sent (the send finished; only our bookkeeping was lost);
// - message queued: the provider may have it, or not: failed, "interrupted while the provider
//   had it; not sent again, to avoid a duplicate". A missing email beats a second copy;
// - message failed, or none at all: it never went out. Back to pending (after a crash the
//   attempt does not count; after a failure it does, with backoff), or failed once the attempts
//   are used up. A failed message is unlinked from the row, so the retry can record its own.
// The unique index is the backstop: a second message for one recipient row cannot be recorded,
// so it cannot be sent.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { literal } from "@/lib/db/sql-literal";
import { ABANDONED_SECONDS, MAX_ATTEMPTS } from "@/lib/campaigns/send-rows";

export const INTERRUPTED = "interrupted while the provider had it; not sent again, to avoid a duplicate";

/** Settles the rows `selector` picks (alias cs); `error`: this attempt's (null after a crash). */
const settle = (selector: Prisma.Sql, error: string | null) => Prisma.sql`
  WITH target AS (
    SELECT cs.id, cs.attempts, m.id AS mid, m.status AS mstatus, m.sent_at AS msent, m.error AS merror
    FROM campaign_sends cs LEFT JOIN messages m ON m.campaign_send_id = cs.id
    WHERE ${selector} AND cs.status = 'sending'
    FOR UPDATE OF cs SKIP LOCKED),
  decided AS (
    SELECT t.*, CASE
      WHEN t.mstatus = 'sent' THEN 'sent'
      WHEN t.mstatus = 'queued' THEN 'failed'
      WHEN t.attempts >= ${literal(MAX_ATTEMPTS)} THEN 'failed'
      ELSE 'pending' END AS next,
      -- after a crash with nothing recorded the attempt does not count, and waits for nothing
      (t.mid IS NULL AND ${error}::text IS NULL) AS uncounted
    FROM target t),
  unlinked AS (
    UPDATE messages m SET campaign_send_id = NULL FROM decided d
    WHERE m.id = d.mid AND d.mstatus = 'failed' AND d.next = 'pending')
  UPDATE campaign_sends cs SET
    status = d.next,
    message_id = CASE WHEN d.next = 'pending' THEN NULL ELSE d.mid END,
    sent_at = CASE WHEN d.next = 'sent' THEN coalesce(d.msent, now()) END,
    error = CASE
      WHEN d.next = 'sent' THEN NULL
      WHEN d.mstatus = 'queued' THEN ${INTERRUPTED}::text
      ELSE left(coalesce(${error}::text, d.merror, 'interrupted before it was sent'), 2000) END,
    attempts = CASE WHEN d.next = 'pending' AND d.uncounted THEN greatest(cs.attempts - 1, 0) ELSE cs.attempts END,
    claimed_at = CASE WHEN d.next = 'pending' AND d.uncounted THEN NULL ELSE cs.claimed_at END
  FROM decided d WHERE cs.id = d.id
  RETURNING cs.id::text, cs.status`;

/** One row whose send failed in a way that may pass (or was not classified): retried with backoff, or failed. */
export async function settleAfterFailure(id: string, error: string): Promise<void> {
  await rawQuery(settle(Prisma.sql`cs.id = ${id}::uuid`, error));
}

/** Rows of a campaign left 'sending' by a process that died. */
export async function settleAbandoned(campaignId: string): Promise<number> {
  const abandoned = Prisma.sql`cs.campaign_id = ${campaignId}::uuid AND cs.claimed_at < now() - make_interval(secs => ${literal(ABANDONED_SECONDS)})`;
  return (await rawQuery(settle(abandoned, null))).length;
}
