// Housekeeping that keeps durable work durable and tables small.
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { defineJob } from "@/lib/jobs/define-job";
import { overdueJobs, pruneFinishedJobs, requeueStale } from "@/lib/jobs/job-store";
import { announce, announceJobs } from "@/lib/jobs/announce";
import { batchLanes } from "@/lib/jobs/lanes";
import { pruneExpiredCounters } from "@/lib/rate-limit/database-store";
import { pruneProviderUsage } from "@/lib/providers/usage";
import { pruneExpiredOAuth } from "@/lib/oauth/prune";

/** A running job whose runner stopped sending heartbeats for this long belongs to a dead process. */
export const STALE_AFTER_MS = 2 * 60_000;
/** A queued job this long overdue may have lost its announcement (to Inngest). */
const OVERDUE_MS = 60_000;

/** Jobs left running by a dead process go back to the queue; returns the queued ones long overdue. */
export async function sweepJobs(client: PrismaClient) {
  await requeueStale(client, new Date(Date.now() - STALE_AFTER_MS));
  return overdueJobs(client, OVERDUE_MS);
}

/** Every minute, the one sweep: every lane's work held by dead processes goes back, and overdue
 * work (its announcement to Inngest may have been lost) is announced again. */
export const sweepJobsJob = defineJob({
  name: "maintenance.sweep-jobs",
  payload: z.object({}),
  maxAttempts: 1,
  recurEverySeconds: 60,
  async run() {
    await announceJobs(await sweepJobs(db()));
    for (const lane of batchLanes) await announce(lane.name, (await lane.sweep?.()) ?? []);
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
