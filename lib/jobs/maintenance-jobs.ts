// Housekeeping that keeps durable work durable and tables small.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/jobs/define-job";
import { overdueJobs, pruneFinishedJobs, requeueStale } from "@/lib/jobs/job-store";
import { dispatch } from "@/lib/jobs/dispatcher";
import { pruneExpiredCounters } from "@/lib/rate-limit/database-store";
import { pruneProviderUsage } from "@/lib/providers/usage";
import { pruneExpiredOAuth } from "@/lib/oauth/prune";

/** A running job whose runner stopped sending heartbeats for this long belongs to a dead process. */
export const STALE_AFTER_MS = 2 * 60_000;

/** Every minute: give the jobs of dead processes back to the queue, and announce again any
 * queued job that is overdue (its announcement to Inngest may have been lost). */
export const sweepJobsJob = defineJob({
  name: "maintenance.sweep-jobs",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  async run() {
    await requeueStale(db(), new Date(Date.now() - STALE_AFTER_MS));
    for (const job of await overdueJobs(db(), 60_000)) await dispatch(job);
  },
});

/** Every ten minutes: delete ended rate-limit windows, provider usage older than a day, job
 * rows finished a week ago, expired webhook replay guards and OAuth codes and tokens a day past expiry. */
export const pruneJob = defineJob({
  name: "maintenance.prune",
  payload: z.object({}),
  maxAttempts: 3,
  recurEverySeconds: 600,
  async run() {
    await pruneExpiredCounters();
    await pruneProviderUsage();
    await pruneFinishedJobs(db(), new Date(Date.now() - 7 * 24 * 3_600_000));
    await db().replayGuard.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    await pruneExpiredOAuth();
  },
});
