// A sequence step is durable work: one job per enrolment and step, due when the step's wait
// ends. The embedded runner runs it when due; under Inngest the job's function sleeps until the
// row's run_at (step.sleepUntil in inngest/functions.ts), so waits of days survive restarts either
// way. Rows go in with the enrolment change that makes them due (same transaction), in bulk.
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { enqueueMany } from "@/lib/jobs/enqueue";
import { jobsOf } from "@/lib/jobs/job-sql";
import { sequenceStepJob } from "@/lib/sequences/step-job";

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
 * the job's rows `j`, jobsOf). Job payloads have no index: PostgreSQL answers it with one hash anti-join.
 */
export const stepJobExists = (condition: Prisma.Sql) => Prisma.sql`EXISTS (SELECT 1
  FROM ${jobsOf(sequenceStepJob, { where: { enrolmentId: Prisma.sql`e.id::text`, position: Prisma.sql`e.next_step::text` } })} j WHERE ${condition})`;

/** Queues the steps' jobs in the caller's transaction (or on their own); call the returned function after commit. */
export async function scheduleSteps(tx: Prisma.TransactionClient | PrismaClient, steps: DueStep[]): Promise<Announce> {
  const { dispatch } = await enqueueMany(
    sequenceStepJob,
    steps.map((s) => ({ payload: { enrolmentId: s.enrolmentId, position: s.position }, runAt: s.runAt, dedupeKey: stepJobKey(s) })),
    { tx },
  );
  // The rows are the source of truth: a lost announcement only waits for the sweep job.
  return dispatch;
}
