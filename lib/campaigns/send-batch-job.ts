// The durable loop of a sending campaign: each run is one batch (run-batch.ts) and enqueues the
// next, keyed by this job's id, so a run retried after a failure never starts a second loop.
// Safe to run twice: rows are claimed one by one (SKIP LOCKED) and settled from the messages
// log, so two runs of one campaign never send to one recipient twice.
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue } from "@/lib/jobs/enqueue";
import { runBatch } from "@/lib/campaigns/run-batch";

export const campaignSendBatchJob = defineJob({
  name: "campaign.send-batch",
  payload: z.object({ campaignId: z.uuid() }),
  maxAttempts: 5,
  retryBaseMs: 2_000,
  async run({ campaignId }, { jobId }) {
    const next = await runBatch(campaignId);
    if (next.kind === "batch") {
      await enqueue(campaignSendBatchJob, { campaignId }, { runAt: next.at, dedupeKey: `campaign-batch:${campaignId}:after:${jobId}` });
    }
  },
});
