// Every 15 seconds, two repairs.
// 1. A sending campaign whose batch loop is gone (its process was killed mid-batch, its batch
//    failed for good, an announcement was lost) gets it back. A loop is alive while a batch of
//    it is queued (due now, or after a provider's Retry-After or a retry's backoff), running
//    with a fresh claim (a running batch refreshes its job every 10 s: send-rows.ts
//    touchClaims), or has sends in flight with fresh claims. A batch job left running by a dead
//    process is queued again (requeueJobs), the same job: its next batch keeps its dedupe key,
//    so even a batch that was alive after all cannot fork into two loops. With no batch job, a
//    first batch of the campaign's current loop is queued. Either way the batch settles the
//    abandoned sends from the messages log (settle-sends.ts) and carries on.
// 2. A paused or cancelled campaign (changed in the last week) with sends left 'sending' by a
//    dead process gets them settled, and a cancelled one's recipients that came back to
//    pending after the cancel (a send in flight then, refused for now) are skipped.
// Keyed by campaign and time slot, so instances running this together queue one batch.
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { jobsOf } from "@/lib/jobs/job-sql";
import { requeueJobs } from "@/lib/jobs/manage-jobs";
import { slotStart } from "@/lib/jobs/recurring";
import { ABANDONED_SECONDS, skipCancelled } from "@/lib/campaigns/send-rows";
import { settleAbandoned } from "@/lib/campaigns/settle-sends";
import { campaignSendBatchJob, queueFirstBatch } from "@/lib/campaigns/send-batch-job";

const EVERY_SECONDS = 15;
const FRESH = Prisma.sql`now() - make_interval(secs => ${ABANDONED_SECONDS})`;

async function restartLoops(): Promise<void> {
  const batches = jobsOf(campaignSendBatchJob, { where: { campaignId: Prisma.sql`c.id::text` } });
  const stalled = await rawQuery<{ id: string; updated_at: Date | string; stale: string[] }>(Prisma.sql`
    SELECT c.id::text, c.updated_at, ARRAY(SELECT j.id::text FROM ${batches} j WHERE j.status = 'running') AS stale
    FROM campaigns c
    WHERE c.status = 'sending'
      AND NOT EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'sending' AND cs.claimed_at > ${FRESH})
      AND NOT EXISTS (SELECT 1 FROM ${batches} j WHERE j.status = 'queued' OR (j.status = 'running' AND j.locked_at > ${FRESH}))`);
  const slot = slotStart(EVERY_SECONDS).toISOString();
  for (const c of stalled) {
    if (c.stale.length > 0) {
      // None queued again: a batch finished meanwhile; the next round looks again.
      await requeueJobs(c.stale, { idleSeconds: ABANDONED_SECONDS });
      continue;
    }
    await queueFirstBatch(c.id, new Date(c.updated_at), { dedupeKey: `campaign-batch:${c.id}:watchdog:${slot}` });
  }
}

async function settleStopped(): Promise<void> {
  const stopped = await rawQuery<{ id: string }>(Prisma.sql`
    SELECT c.id::text FROM campaigns c
    WHERE c.status IN ('paused', 'cancelled') AND c.updated_at > now() - interval '7 days'
      AND (EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'sending' AND cs.claimed_at <= ${FRESH})
        OR (c.status = 'cancelled' AND EXISTS (SELECT 1 FROM campaign_sends cs WHERE cs.campaign_id = c.id AND cs.status = 'pending')))`);
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
