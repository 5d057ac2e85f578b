// Every 15 seconds, two repairs.
// 1. A sending campaign whose batch loop is gone (its process was killed mid-batch, its batch
//    failed for good, an announcement was lost) gets it back. A loop is alive while a batch of
//    it is queued (due now, or after a provider's Retry-After or a retry's backoff), running
//    with a fresh claim (a running batch refreshes its job every 10 s: send-rows.ts
//    touchClaims), or has sends in flight with fresh claims. A batch job left running by a dead
//    process is queued again, the same job: its next batch keeps its dedupe key, so even a
//    batch that was alive after all cannot fork into two loops. With no batch job at all, a
//    first batch of the campaign's current loop is queued. Either way the batch settles the
//    abandoned sends from the messages log (settle-sends.ts) and carries on.
// 2. A paused or cancelled campaign (changed in the last week) with sends left 'sending' by a
//    dead process gets them settled, and a cancelled one's recipients that came back to
//    pending after the cancel (a send in flight then, refused for now) are skipped.
// Keyed by campaign and time slot, so instances running this together queue one batch.
import { z } from "zod";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { dispatch } from "@/lib/jobs/dispatcher";
import { slotStart } from "@/lib/jobs/recurring";
import { ABANDONED_SECONDS, skipCancelled } from "@/lib/campaigns/send-rows";
import { settleAbandoned } from "@/lib/campaigns/settle-sends";
import { campaignSendBatchJob, queueFirstBatch } from "@/lib/campaigns/send-batch-job";

const EVERY_SECONDS = 15;
const FRESH = `now() - interval '${ABANDONED_SECONDS} seconds'`;

async function restartLoops(): Promise<void> {
  const stalled = await rawQuery<{ id: string; updated_at: Date | string; stale: string[] }>(
    `SELECT c.id::text, c.updated_at,
       ARRAY(SELECT j.id::text FROM jobs j WHERE j.status = 'running' AND j.name = $1::text AND j.payload ->> 'campaignId' = c.id::text) AS stale
     FROM campaigns c
     WHERE c.status = 'sending'
       AND NOT EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'sending' AND cs.claimed_at > ${FRESH})
       AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.name = $1::text AND j.payload ->> 'campaignId' = c.id::text
         AND (j.status = 'queued' OR (j.status = 'running' AND j.locked_at > ${FRESH})))`,
    [campaignSendBatchJob.name],
  );
  const slot = slotStart(EVERY_SECONDS).toISOString();
  for (const c of stalled) {
    if (c.stale.length > 0) {
      const requeued = await rawQuery<{ id: string; run_at: Date | string }>(
        `UPDATE jobs SET status = 'queued', run_at = now(), locked_at = NULL, locked_by = NULL
         WHERE id = ANY($1::uuid[]) AND status = 'running' AND locked_at <= ${FRESH} RETURNING id::text, run_at`,
        [c.stale],
      );
      // None: a batch finished meanwhile; the next round looks again.
      for (const j of requeued) await dispatch({ id: j.id, name: campaignSendBatchJob.name, runAt: new Date(j.run_at) });
      continue;
    }
    await queueFirstBatch(c.id, new Date(c.updated_at), { dedupeKey: `campaign-batch:${c.id}:watchdog:${slot}` });
  }
}

async function settleStopped(): Promise<void> {
  const stopped = await rawQuery<{ id: string }>(
    `SELECT c.id::text FROM campaigns c
     WHERE c.status IN ('paused', 'cancelled') AND c.updated_at > now() - interval '7 days'
       AND (EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'sending' AND cs.claimed_at <= ${FRESH})
         OR (c.status = 'cancelled' AND EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'pending')))`,
  );
  for (const { id } of stopped) {
    await settleAbandoned(id);
    await skipCancelled(id);
  }
}

export const campaignWatchdogJob = defineJob({
  name: "campaign.watchdog",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: EVERY_SECONDS,
  async run() {
    await restartLoops();
    await settleStopped();
  },
});
