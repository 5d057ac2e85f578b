// An enrolment's moves: on to the next step (its job scheduled in the same transaction),
// completed, exited or failed. Each applies only to an active enrolment still at the step the
// caller ran, so a second run of the same step changes nothing.
import { db } from "@/lib/db/client";
import { scheduleSteps } from "@/lib/sequences/step-schedule";
import type { ExitReason } from "@/lib/sequences/schemas";

interface At {
  enrolmentId: string;
  sequenceId: string;
  position: number;
}

const finished = () => ({ finishedAt: new Date(), nextRunAt: null });

/** After step `position`: the next step is due its delay from now; past the last step, completed. */
export async function advance({ enrolmentId, sequenceId, position }: At): Promise<void> {
  const announce = await db().$transaction(async (tx) => {
    const next = await tx.sequenceStep.findUnique({ where: { sequenceId_position: { sequenceId, position: position + 1 } } });
    const where = { id: enrolmentId, status: "active", nextStep: position };
    if (!next) {
      await tx.sequenceEnrolment.updateMany({ where, data: { status: "completed", nextStep: position + 1, ...finished() } });
      return null;
    }
    const runAt = new Date(Date.now() + next.delaySeconds * 1000);
    const { count } = await tx.sequenceEnrolment.updateMany({ where, data: { nextStep: position + 1, nextRunAt: runAt } });
    return count ? scheduleSteps(tx, [{ enrolmentId, position: position + 1, runAt }]) : null;
  });
  await announce?.();
}

/** The steps ran out under it (the sequence was shortened): completed where it stands. */
export async function complete({ enrolmentId, position }: Omit<At, "sequenceId">): Promise<void> {
  await db().sequenceEnrolment.updateMany({
    where: { id: enrolmentId, status: "active", nextStep: position },
    data: { status: "completed", ...finished() },
  });
}

export async function exitEnrolment(enrolmentId: string, reason: ExitReason): Promise<boolean> {
  const { count } = await db().sequenceEnrolment.updateMany({
    where: { id: enrolmentId, status: "active" },
    data: { status: "exited", exitReason: reason, ...finished() },
  });
  return count > 0;
}

/** A step could not be sent for good: the enrolment stops there (the step's row says why). */
export async function failEnrolment({ enrolmentId, position }: Omit<At, "sequenceId">): Promise<void> {
  await db().sequenceEnrolment.updateMany({
    where: { id: enrolmentId, status: "active", nextStep: position },
    data: { status: "failed", ...finished() },
  });
}
