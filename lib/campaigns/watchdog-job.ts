// Every 15 seconds: a campaign that is sending but whose batch loop is gone (its process was
// killed mid-batch, or an announcement was lost) gets a batch again. A loop is alive while it
// has a batch queued (due now or after a provider's Retry-After), a batch running whose claim
// is fresh, or sends in flight whose claims are fresh; otherwise the new batch settles the
// abandoned sends from the messages log (settle-sends.ts) and carries on. Keyed by campaign and
// time slot, so instances running this together queue one batch.
import { z } from "zod";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue } from "@/lib/jobs/enqueue";
import { slotStart } from "@/lib/jobs/recurring";
import { ABANDONED_SECONDS } from "@/lib/campaigns/send-rows";
import { campaignSendBatchJob } from "@/lib/campaigns/send-batch-job";

const EVERY_SECONDS = 15;

export const campaignWatchdogJob = defineJob({
  name: "campaign.watchdog",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: EVERY_SECONDS,
  async run() {
    const stalled = await rawQuery<{ id: string }>(
      `SELECT c.id::text FROM campaigns c
       WHERE c.status = 'sending'
         AND NOT EXISTS (SELECT 1 FROM campaign_sends cs
           WHERE cs.campaign_id = c.id AND cs.status = 'sending' AND cs.claimed_at > now() - interval '${ABANDONED_SECONDS} seconds')
         AND NOT EXISTS (SELECT 1 FROM jobs j
           WHERE j.status IN ('queued', 'running') AND j.name = $1::text AND j.payload ->> 'campaignId' = c.id::text
             AND (j.status = 'queued' OR j.locked_at > now() - interval '${ABANDONED_SECONDS} seconds'))`,
      [campaignSendBatchJob.name],
    );
    const slot = slotStart(EVERY_SECONDS).toISOString();
    for (const { id } of stalled) {
      await enqueue(campaignSendBatchJob, { campaignId: id }, { dedupeKey: `campaign-batch:${id}:watchdog:${slot}` });
    }
  },
});
