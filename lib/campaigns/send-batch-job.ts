// The durable loop of a sending campaign: each run is one batch (run-batch.ts) and enqueues the
// next, keyed by this job's id, so a run retried after a failure, or run twice, never starts a
// second loop. A loop belongs to one start or resume of the campaign (its generation: the
// campaign's updated_at then, which stays put while it sends): a batch of an older one (a
// batch queued before a pause, the campaign resumed since) ends without a next, so a resume
// never leaves two loops sending. Safe to run twice: rows are claimed one by one (SKIP LOCKED)
// and settled from the messages log, so two runs never send to one recipient twice.
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { defineJob } from "@/lib/jobs/define-job";
import { enqueue } from "@/lib/jobs/enqueue";
import { runBatch } from "@/lib/campaigns/run-batch";

export const campaignSendBatchJob = defineJob({
  name: "campaign.send-batch",
  payload: z.object({ campaignId: z.uuid(), generation: z.iso.datetime({ offset: true }) }),
  maxAttempts: 5,
  retryBaseMs: 2_000,
  async run({ campaignId, generation }, { jobId }) {
    const next = await runBatch(campaignId, { jobId, generation: new Date(generation) });
    if (next.kind === "batch") {
      await enqueue(
        campaignSendBatchJob,
        { campaignId, generation },
        { runAt: next.at, dedupeKey: `campaign-batch:${campaignId}:after:${jobId}` },
      );
    }
  },
});

/** The first batch of a loop: `generation` is the campaign's updated_at as its start or resume left it. */
export const queueFirstBatch = (campaignId: string, generation: Date, opts: { tx?: Prisma.TransactionClient; dedupeKey: string }) =>
  enqueue(campaignSendBatchJob, { campaignId, generation: generation.toISOString() }, opts);
