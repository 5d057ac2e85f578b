// The statements over a campaign's recipient rows (campaign_sends) that its batches run: claim
// one, record what became of it, give it back, keep claims fresh. Each is one statement; every
// update of a claimed row is conditional on it still being 'sending', so a row settled by
// someone else meanwhile is never overwritten.
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { touchJobSql } from "@/lib/jobs/job-sql";

/** A transient failure is retried after this many seconds, doubling per attempt. */
export const RETRY_BASE_SECONDS = 5;
/** Attempts per recipient before a transient failure is final. */
export const MAX_ATTEMPTS = 3;
/** A claim not refreshed for this long belongs to a process that died (live batches refresh theirs). */
export const ABANDONED_SECONDS = 30;
/** How often a running batch refreshes its job's claim and those of the sends it has in flight. */
export const HEARTBEAT_MS = 10_000;

export interface ClaimedRow {
  id: string;
  email: string;
  contact_id: string | null;
  attempts: number;
  name: string | null;
  properties: unknown;
  /** The contact unsubscribed since the campaign started (null: the contact was deleted). */
  unsubscribed: boolean | null;
}

/** SQL: the moment a pending row that failed before may be tried again (claimed_at holds its last attempt). */
export const RETRY_AT = Prisma.sql`cs.claimed_at + make_interval(secs => ${RETRY_BASE_SECONDS}::int * power(2, greatest(cs.attempts - 1, 0)))`;

/**
 * Claims one pending row of a campaign that is sending (FOR UPDATE SKIP LOCKED: concurrent
 * workers never take the same row), with its contact's name, properties and whether it has
 * unsubscribed since. None: nothing is due, or the campaign is no longer sending (paused,
 * cancelled).
 */
export async function claimNext(campaignId: string): Promise<ClaimedRow | null> {
  const rows = await rawQuery<ClaimedRow>(Prisma.sql`
    WITH next AS (
       SELECT cs.id FROM campaign_sends cs
       WHERE cs.campaign_id = ${campaignId}::uuid AND cs.status = 'pending' AND (cs.claimed_at IS NULL OR ${RETRY_AT} <= now())
         AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = ${campaignId}::uuid AND c.status = 'sending')
       LIMIT 1 FOR UPDATE OF cs SKIP LOCKED),
     claimed AS (
       UPDATE campaign_sends cs SET status = 'sending', claimed_at = now(), attempts = cs.attempts + 1
       FROM next WHERE cs.id = next.id
       RETURNING cs.id, cs.email, cs.contact_id, cs.attempts)
     SELECT claimed.id::text, claimed.email, claimed.contact_id::text, claimed.attempts, ct.name, ct.properties,
       ct.subscription_status = 'unsubscribed' AS unsubscribed
     FROM claimed LEFT JOIN contacts ct ON ct.id = claimed.contact_id`);
  return rows[0] ?? null;
}

export async function markSent(id: string, messageId: string): Promise<void> {
  await rawQuery(Prisma.sql`
    UPDATE campaign_sends SET status = 'sent', message_id = ${messageId}::uuid, sent_at = now(), error = NULL WHERE id = ${id}::uuid AND status = 'sending'`);
}

/** Failed or skipped for good, linked to its message when one was recorded (a provider's refusal). */
export async function markFinal(id: string, status: "failed" | "skipped", error: string): Promise<void> {
  await rawQuery(Prisma.sql`
    UPDATE campaign_sends SET status = ${status}::text, error = ${error.slice(0, 2000)}::text,
      message_id = (SELECT m.id FROM messages m WHERE m.campaign_send_id = ${id}::uuid)
    WHERE id = ${id}::uuid AND status = 'sending'`);
}

/**
 * Back to pending, the attempt not counted (no capacity now, or the campaign pausing itself).
 * The failed message the send path recorded is unlinked from it (its metadata still names the
 * campaign send), so the next attempt can record its own: messages.campaign_send_id is unique.
 */
export async function giveBack(id: string): Promise<void> {
  await rawQuery(Prisma.sql`
    WITH unlinked AS (UPDATE messages SET campaign_send_id = NULL WHERE campaign_send_id = ${id}::uuid AND status = 'failed')
    UPDATE campaign_sends SET status = 'pending', attempts = greatest(attempts - 1, 0), claimed_at = NULL WHERE id = ${id}::uuid AND status = 'sending'`);
}

/**
 * Keeps the claims of in-flight sends, and the batch's own job's claim, fresh in one statement,
 * so nobody takes them for abandoned: the runner refreshes its jobs only every 30 s (and not at
 * all under Inngest), too seldom for the watchdog's 30-s window.
 */
export async function touchClaims(ids: string[], jobId: string): Promise<void> {
  await rawQuery(Prisma.sql`
    WITH job AS (${touchJobSql(jobId)})
    UPDATE campaign_sends SET claimed_at = now() WHERE id = ANY(${ids}::uuid[]) AND status = 'sending'`);
}

/** A cancelled campaign's recipients that came back to pending after it was cancelled (a send in flight then, refused for now): skipped. */
export async function skipCancelled(campaignId: string): Promise<void> {
  await rawQuery(Prisma.sql`
    UPDATE campaign_sends cs SET status = 'skipped', error = 'cancelled'
    FROM campaigns c WHERE c.id = ${campaignId}::uuid AND c.status = 'cancelled' AND cs.campaign_id = c.id AND cs.status = 'pending'`);
}
