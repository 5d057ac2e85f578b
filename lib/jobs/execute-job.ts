// Runs one claimed job and records the outcome: done, queued again with backoff, or failed.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { JobRegistry } from "@/lib/jobs/registry";
import { markDone, markFailed, markRetry, type ClaimedJob } from "@/lib/jobs/job-store";
import { scheduleNextOccurrence } from "@/lib/jobs/recurring";
import { log } from "@/lib/log";

export type JobOutcome = { status: "done" } | { status: "retry"; retryAt: string } | { status: "failed"; error: string };

/** Exponential backoff from `baseMs` (5 s), capped at 10 minutes, with ±20% jitter. */
export function retryDelayMs(attempt: number, baseMs = 5_000): number {
  const base = Math.min(baseMs * 2 ** (attempt - 1), 600_000);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export async function executeJob(client: PrismaClient, registry: JobRegistry, job: ClaimedJob): Promise<JobOutcome> {
  const def = registry.get(job.name);
  if (!def) {
    await markFailed(client, job.id, `Unknown job ${job.name}`);
    return { status: "failed", error: `Unknown job ${job.name}` };
  }
  try {
    const payload = def.payload.parse(job.payload);
    await def.run(payload as never, { jobId: job.id, attempt: job.attempts });
    await markDone(client, job.id);
    if (def.recurEverySeconds) await scheduleNextOccurrence(client, def);
    return { status: "done" };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (job.attempts >= job.maxAttempts) {
      log.error("job failed for good", { jobId: job.id, job: job.name, attempts: job.attempts, error });
      await markFailed(client, job.id, error);
      if (def.recurEverySeconds) await scheduleNextOccurrence(client, def);
      return { status: "failed", error };
    }
    const retryAt = new Date(Date.now() + retryDelayMs(job.attempts, def.retryBaseMs));
    await markRetry(client, job.id, retryAt, error);
    return { status: "retry", retryAt: retryAt.toISOString() };
  }
}
