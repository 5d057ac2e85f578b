// The Inngest path: an Inngest function calls this inside step.run for the job row it was
// told about. If the row is already taken or finished, nothing happens (safe to repeat).
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import { claimJobById } from "@/lib/jobs/job-store";
import { executeJob, type JobOutcome } from "@/lib/jobs/execute-job";

export async function runJobById(jobId: string, registry: JobRegistry = jobRegistry): Promise<JobOutcome | { status: "skipped" }> {
  const job = await claimJobById(db(), jobId, `inngest_${randomUUID()}`);
  if (!job) return { status: "skipped" };
  return executeJob(db(), registry, job);
}

/** Recurring jobs under Inngest run from a cron trigger, without a row. */
export async function runRecurringJob(name: string, registry: JobRegistry = jobRegistry): Promise<void> {
  const def = registry.get(name);
  if (!def) throw new Error(`Unknown job ${name}`);
  await def.run({} as never, { jobId: `cron_${randomUUID()}`, attempt: 1 });
}
