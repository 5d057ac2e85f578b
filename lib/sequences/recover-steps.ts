// The backstop for a step whose job is gone. A job that fails for good (the database away
// through all its attempts, or a fault) leaves its enrolment active with nothing left to run
// it. Every ten minutes, active enrolments of active sequences whose step is overdue by more
// than half an hour (a step's job and its retries end within about twenty minutes of it being
// due) and has no queued or running job get a new one, due at once. A step whose jobs failed
// for good three times fails the enrolment there instead, with the last job's error.
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { defineJob } from "@/lib/jobs/define-job";
import { jobsOf } from "@/lib/jobs/job-sql";
import { log } from "@/lib/log";
import { scheduleSteps, stepJobExists } from "@/lib/sequences/step-schedule";
import { sequenceStepJob } from "@/lib/sequences/step-job";
import { failEnrolment } from "@/lib/sequences/transitions";

const MAX_FAILED_JOBS = 3;
const BATCH = 1_000;

// Failed job rows are few (pruned a week after they end): counted for the batch at once.
const STUCK = Prisma.sql`
  WITH stuck AS (
    SELECT e.id, e.next_step FROM sequence_enrolments e
      JOIN sequences s ON s.id = e.sequence_id AND s.status = 'active'
     WHERE e.status = 'active' AND e.next_run_at < now() - interval '30 minutes'
       AND NOT ${stepJobExists(Prisma.sql`j.status IN ('queued', 'running')`)}
     ORDER BY e.next_run_at LIMIT ${BATCH}),
  failed AS (
    SELECT j."enrolmentId" AS enrolment_id, j.position::int AS position, count(*)::int AS jobs,
           (array_agg(j.last_error ORDER BY j.finished_at DESC NULLS LAST))[1] AS last_error
      FROM ${jobsOf(sequenceStepJob, { fields: ["enrolmentId", "position"], where: { enrolmentId: { in: Prisma.sql`SELECT id::text FROM stuck` } } })} j
     WHERE j.status = 'failed'
     GROUP BY 1, 2)
  SELECT st.id::text, st.next_step, coalesce(f.jobs, 0) AS failed_jobs, f.last_error
    FROM stuck st LEFT JOIN failed f ON f.enrolment_id = st.id::text AND f.position = st.next_step`;

// The reason shows on the enrolment (its step's row), unless a row of that step exists already.
const failedRow = (enrolmentId: string, position: number, error: string) => Prisma.sql`
  INSERT INTO sequence_step_sends (id, enrolment_id, step_id, status, error)
  SELECT gen_random_uuid(), e.id, st.id, 'failed', ${error}
    FROM sequence_enrolments e JOIN sequence_steps st ON st.sequence_id = e.sequence_id AND st.position = e.next_step
   WHERE e.id = ${enrolmentId}::uuid AND e.status = 'active' AND e.next_step = ${position}
  ON CONFLICT (enrolment_id, step_id) DO NOTHING`;

export async function recoverSequenceSteps(): Promise<{ rescheduled: number; failed: number }> {
  const rows = await rawQuery<{ id: string; next_step: number; failed_jobs: number; last_error: string | null }>(STUCK);
  const [retry, giveUp] = [rows.filter((r) => r.failed_jobs < MAX_FAILED_JOBS), rows.filter((r) => r.failed_jobs >= MAX_FAILED_JOBS)];
  for (const r of giveUp) {
    const error = `the step's job failed for good ${r.failed_jobs} times; last: ${r.last_error ?? "no error recorded"}`.slice(0, 2000);
    await rawQuery(failedRow(r.id, Number(r.next_step), error));
    await failEnrolment({ enrolmentId: r.id, position: Number(r.next_step) });
  }
  const now = new Date();
  const announce = await scheduleSteps(
    db(),
    retry.map((r) => ({ enrolmentId: r.id, position: Number(r.next_step), runAt: now, again: `recover-${now.getTime()}` })),
  );
  await announce();
  if (rows.length) log.warn("sequence steps without a job recovered", { rescheduled: retry.length, failed: giveUp.length });
  return { rescheduled: retry.length, failed: giveUp.length };
}

export const recoverSequenceStepsJob = defineJob({
  name: "sequence.recover-steps",
  payload: z.object({}),
  maxAttempts: 3,
  recurEverySeconds: 600,
  async run() {
    await recoverSequenceSteps();
  },
});
