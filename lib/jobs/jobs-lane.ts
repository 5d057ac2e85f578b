// The lane of job rows: claimed by the batch with SKIP LOCKED, each run through executeJob
// (which records it: done, queued again after the job's backoff, or failed), with a heartbeat
// on the claims of running jobs. Its recurring jobs get their time slots when it starts, and
// its timed jobs run in-process (define-job.ts `timed`). Its sweep is maintenance-jobs.ts's.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JobDefinition } from "@/lib/jobs/define-job";
import type { JobRegistry } from "@/lib/jobs/registry";
import type { Lane } from "@/lib/jobs/lane";
import { JOBS_LANE } from "@/lib/jobs/announce";
import { claimDueJobs, heartbeat, type ClaimedJob } from "@/lib/jobs/job-store";
import { executeJob, type JobOutcome } from "@/lib/jobs/execute-job";
import { scheduleOccurrence, slotStart } from "@/lib/jobs/recurring";

export interface JobsLaneOptions {
  client: PrismaClient;
  registry: JobRegistry;
  /** Jobs in flight at once. */
  concurrency?: number;
  /** How often the claims of running jobs are refreshed. */
  heartbeatMs?: number;
}

const timerOf = (def: JobDefinition<never>) => ({
  name: def.name,
  everyMs: def.timed?.everyMs,
  run: () => def.run({} as never, { jobId: `timer_${randomUUID()}`, attempt: 1 }),
});

export function jobsLane({ client, registry, concurrency = 8, heartbeatMs = 30_000 }: JobsLaneOptions): Lane<ClaimedJob, JobOutcome> {
  const defs = [...registry.values()];
  return {
    name: JOBS_LANE,
    concurrency,
    batchSize: concurrency,
    claim: (limit, runnerId) => claimDueJobs(client, runnerId, limit),
    run: (job) => executeJob(client, registry, job),
    retryAt: (o) => (o.status === "retry" ? new Date(o.retryAt) : null),
    heartbeat: { everyMs: heartbeatMs, beat: (runnerId) => heartbeat(client, runnerId) },
    async start() {
      for (const def of defs) {
        if (def.recurEverySeconds && !def.timed) await scheduleOccurrence(client, def, slotStart(def.recurEverySeconds));
      }
    },
    timers: defs.filter((d) => d.timed).map(timerOf),
  };
}
