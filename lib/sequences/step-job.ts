// The durable work of a sequence: one job per enrolment and step (step-schedule.ts), run when due.
import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { runSequenceStep } from "@/lib/sequences/run-step";

export const STEP_MAX_ATTEMPTS = 8;

export const sequenceStepJob = defineJob({
  name: "sequence.step",
  payload: z.object({ enrolmentId: z.uuid(), position: z.number().int().min(0) }),
  maxAttempts: STEP_MAX_ATTEMPTS,
  retryBaseMs: 10_000,
  async run(payload, { attempt }) {
    await runSequenceStep(payload, { lastAttempt: attempt >= STEP_MAX_ATTEMPTS });
  },
});
