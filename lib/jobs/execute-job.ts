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

async function fail(client: PrismaClient, job: ClaimedJob, error: string): Promise<JobOutcome> {
  log.error("job failed for good", { jobId: job.id, job: job.name, attempts: job.attempts, error });
  await markFailed(client, job, error);
  return { status: "failed", error };
}

export async function executeJob(client: PrismaClient, registry: JobRegistry, job: ClaimedJob): Promise<JobOutcome> {
  const def = registry.get(job.name);
  if (!def) return fail(client, job, `Unknown job ${job.name}`);
  // A payload that does not fit its schema will never fit: no retries.
  const payload = def.payload.safeParse(job.payload);
  if (!payload.success) return fail(client, job, `Invalid payload: ${payload.error.message}`);
  let outcome: JobOutcome;
  try {
    await def.run(payload.data as never, { jobId: job.id, attempt: job.attempts });
    await markDone(client, job);
    outcome = { status: "done" };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (job.attempts >= job.maxAttempts) {
      outcome = await fail(client, job, error);
    } else {
      const retryAt = new Date(Date.now() + retryDelayMs(job.attempts, def.retryBaseMs));
      await markRetry(client, job, retryAt, error);
      return { status: "retry", retryAt: retryAt.toISOString() };
    }
  }
  // A timed job's rows are left from before it was timed: it runs in-process now (define-job.ts).
  if (def.recurEverySeconds && !def.timed) await scheduleNextOccurrence(client, def);
  return outcome;
}
