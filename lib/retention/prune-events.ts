// Deletes email events created before the cutoff that are already rolled up (created before
// the rollup watermark): their hourly counts stay in event_rollups, and first opens and clicks
// in engagement_firsts, so reports over whole hours read the same after as before.
//
// Webhook deliveries reference events, and the foreign key deletes a finished delivery with its
// event (webhook_deliveries_event_id_idx finds them): a delivery is never kept longer than its
// event. An event with a delivery still pending or being attempted is left for a later run;
// picking takes the events' row locks, so a delivery queued for one meanwhile ("resend") waits
// and then fails instead of being deleted with it.
//
// Each batch records, per organization, the latest hour it took events from (event_prune_marks),
// in the same statement as the delete: reports read edge hours up to it from the rollups
// (lib/analytics/whole-hour-edges.ts).
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { utcHour } from "@/lib/analytics/roll-up";
import { runBatches, type BatchLimits, type BatchOutcome } from "@/lib/retention/run-batches";

// Picking reads the created_at index in order, one batch on from the last (the cursor is
// (created_at, id), so events left in place are passed over, never picked again); the delete
// then looks the picked rows up by id and leaves those with an unfinished delivery.
// Limited to one organization, the picking also bounds occurred_at, so (org_id, occurred_at) finds its events.
const batch = (before: string, limit: number, after: { at: string; id: string }, orgId: string | null) => Prisma.sql`
  WITH batch AS (
    SELECT e.id, e.created_at FROM email_events e
    WHERE (e.created_at, e.id) > (${after.at}::timestamptz, ${after.id}::uuid)
      AND e.created_at < least(${before}::timestamptz, (SELECT coalesce(max(watermark), '-infinity') FROM rollup_state WHERE id = 1))
      ${orgId ? Prisma.sql`AND e.org_id = ${orgId}::uuid AND e.occurred_at < ${before}::timestamptz` : Prisma.empty}
    ORDER BY e.created_at, e.id LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  gone AS (
    DELETE FROM email_events e WHERE e.id = ANY(ARRAY(SELECT id FROM batch))
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status IN ('pending', 'delivering'))
    RETURNING e.org_id, e.occurred_at),
  marked AS (
    INSERT INTO event_prune_marks (org_id, hour)
    SELECT org_id, max(${utcHour(Prisma.sql`occurred_at`)}) FROM gone GROUP BY org_id
    ON CONFLICT (org_id) DO UPDATE SET hour = greatest(event_prune_marks.hour, excluded.hour)
    RETURNING 1),
  last AS (SELECT created_at, id FROM batch ORDER BY created_at DESC, id DESC LIMIT 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed,
         (SELECT created_at::text FROM last) AS last_at, (SELECT id::text FROM last) AS last_id`;

export async function pruneEvents(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  let after = { at: "-infinity", id: "00000000-0000-0000-0000-000000000000" };
  return runBatches(async (limit) => {
    const [r] = await rawQuery<{ picked: number; changed: number; last_at: string | null; last_id: string | null }>(
      batch(before.toISOString(), limit, after, orgId),
    );
    if (r.last_at && r.last_id) after = { at: r.last_at, id: r.last_id };
    return { picked: Number(r.picked), changed: Number(r.changed) };
  }, limits);
}
