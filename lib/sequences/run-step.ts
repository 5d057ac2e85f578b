// One step of one enrolment, when its wait has ended. Safe to run twice: it acts only on an
// active enrolment still at this step, the step's email goes out once (send-step.ts), and each
// move of the enrolment is conditional on where it stands.
import { db } from "@/lib/db/client";
import { loadStepState } from "@/lib/sequences/step-state";
import { sendStepOnce } from "@/lib/sequences/send-step";
import { scheduleSteps } from "@/lib/sequences/step-schedule";
import { advance, complete, exitEnrolment, failEnrolment } from "@/lib/sequences/transitions";

export type StepRunResult = "stale" | "paused" | "completed" | "exited" | "sent" | "failed" | "pending";

/** The enrolment kept changing under the step: the job retries. */
export class StepNotSettled extends Error {
  override name = "StepNotSettled";
}

export async function runSequenceStep(
  { enrolmentId, position }: { enrolmentId: string; position: number },
  { lastAttempt = false } = {},
): Promise<StepRunResult> {
  // A claim its checks refused means the state read here moved under it: read it again.
  for (let read = 0; read < 2; read++) {
    const s = await loadStepState(enrolmentId);
    // Gone (the sequence or contact was deleted), finished, or past this step already.
    if (!s || s.status !== "active" || s.nextStep !== position) return "stale";
    // Paused: the step waits; resuming the sequence schedules it again (manage-sequences.ts).
    if (s.sequenceStatus !== "active") return "paused";
    const at = { enrolmentId, sequenceId: s.sequenceId, position };
    if (!s.stepId) {
      await complete(at); // the sequence was shortened below this step
      return "completed";
    }
    if (s.exit) {
      await exitEnrolment(enrolmentId, s.exit);
      return "exited";
    }
    const outcome = await sendStepOnce({ ...s, stepId: s.stepId }, { lastAttempt });
    switch (outcome.status) {
      case "refused":
        continue;
      case "sent":
        await advance(at);
        return "sent";
      case "skipped":
        await exitEnrolment(enrolmentId, "suppressed");
        return "exited";
      case "failed":
        await failEnrolment(at);
        return "failed";
      case "pending":
        // Another run may still be sending it: a job of its own looks again when that run would
        // have ended, so the wait spends none of this job's attempts.
        if (outcome.retryAt) {
          const announce = await scheduleSteps(db(), [
            { enrolmentId, position, runAt: outcome.retryAt, again: `settle-${outcome.retryAt.getTime()}` },
          ]);
          await announce();
        }
        return "pending";
    }
  }
  throw new StepNotSettled(`enrolment ${enrolmentId} changed while its step ${position} was being claimed`);
}
