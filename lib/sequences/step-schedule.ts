// A sequence step is durable work: one job row per enrolment and step, due when the step's wait
// ends. The embedded runner runs it when due; under Inngest the job's function sleeps until the
// row's run_at (step.sleepUntil in inngest/functions.ts), so waits of days survive restarts either
// way. Rows go in with the enrolment change that makes them due (same transaction), in bulk.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { insertJobs } from "@/lib/jobs/job-store";
import { dispatch } from "@/lib/jobs/dispatcher";
import { log } from "@/lib/log";

export const SEQUENCE_STEP_JOB = "sequence.step";
export const STEP_MAX_ATTEMPTS = 8;

export interface DueStep {
  enrolmentId: string;
  position: number;
  runAt: Date;
  /** Set when the same step is scheduled again (a resumed sequence): its first row is done already. */
  again?: string;
}

/** Once per enrolment and step; a resume adds its own suffix, since the first row may be done. */
export const stepJobKey = (s: DueStep) => `sequence-step:${s.enrolmentId}:${s.position}${s.again ? `:${s.again}` : ""}`;

export type Announce = () => Promise<void>;

/**
 * SQL condition on enrolment `e`: a job of its next step exists that satisfies `condition` (on
 * jobs `j`). Job payloads have no index: PostgreSQL answers it with one hash anti-join.
 */
export const stepJobWhere = (condition: string) => `EXISTS (SELECT 1 FROM jobs j
  WHERE j.name = '${SEQUENCE_STEP_JOB}' AND j.payload->>'enrolmentId' = e.id::text AND (j.payload->>'position')::int = e.next_step AND ${condition})`;

/** Inserts the steps' job rows in the caller's transaction (or on their own); call the returned function after commit. */
export async function scheduleSteps(tx: Prisma.TransactionClient | PrismaClient, steps: DueStep[]): Promise<Announce> {
  const jobs: { id: string; name: string; runAt: Date }[] = [];
  for (let i = 0; i < steps.length; i += 5_000) {
    const chunk = steps.slice(i, i + 5_000);
    jobs.push(
      ...(await insertJobs(
        tx,
        chunk.map((s) => ({ name: SEQUENCE_STEP_JOB, payload: { enrolmentId: s.enrolmentId, position: s.position }, runAt: s.runAt, maxAttempts: STEP_MAX_ATTEMPTS, dedupeKey: stepJobKey(s) })),
      )),
    );
  }
  // The rows are the source of truth: a lost announcement only waits for the sweep job.
  return async () => {
    for (let i = 0; i < jobs.length; i += 50) {
      await Promise.all(jobs.slice(i, i + 50).map((job) => dispatch(job).catch((err) => log.error("job announcement failed", { jobId: job.id, err }))));
    }
  };
}
