// One step of one enrolment, when its wait has ended. Safe to run twice: it acts only on an
// active enrolment still at this step, the step's email goes out once (send-step.ts), and each
// move of the enrolment is conditional on where it stands.
import { loadStepState } from "@/lib/sequences/step-state";
import { sendStepOnce } from "@/lib/sequences/send-step";
import { advance, complete, exitEnrolment, failEnrolment } from "@/lib/sequences/transitions";

export type StepRunResult = "stale" | "paused" | "completed" | "exited" | "sent" | "failed";

export async function runSequenceStep({ enrolmentId, position }: { enrolmentId: string; position: number }, { lastAttempt = false } = {}): Promise<StepRunResult> {
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
  if (outcome.status === "sent") {
    await advance(at);
    return "sent";
  }
  if (outcome.status === "skipped") {
    await exitEnrolment(enrolmentId, "suppressed");
    return "exited";
  }
  await failEnrolment(at);
  return "failed";
}
