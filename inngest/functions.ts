// One Inngest function per job in lib/jobs/registry: a thin shell that waits until the row
// is due and runs it through lib/, sleeping between attempts on the row's own backoff.
import { inngest, jobEventName } from "@/inngest/client";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { runJobById, runRecurringJob } from "@/lib/jobs/run-job-by-id";
import { webhookFunctions } from "@/inngest/webhook-functions";

export const functionId = (jobName: string) => `job-${jobName.replace(/\./g, "-")}`;

/** A cron expression for "every N seconds", N rounded to whole minutes, hours or a day. */
export function cronFor(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `0 */${hours} * * *`;
  return "0 0 * * *";
}

function functionFor(def: JobDefinition<never>, registry: JobRegistry) {
  if (def.recurEverySeconds) {
    return inngest.createFunction(
      { id: functionId(def.name), retries: 2, triggers: [{ cron: cronFor(def.recurEverySeconds) }] },
      async ({ step }) => step.run("run", () => runRecurringJob(def.name, registry)),
    );
  }
  return inngest.createFunction(
    // Inngest retries a step that threw (a database blip); runJobById is safe to repeat.
    { id: functionId(def.name), retries: 3, triggers: [{ event: jobEventName(def.name) }] },
    async ({ event, step }) => {
      const { jobId, runAt } = event.data as { jobId: string; runAt: string };
      await step.sleepUntil("wait-until-due", runAt);
      for (let attempt = 1; attempt <= def.maxAttempts; attempt++) {
        const outcome = await step.run(`attempt-${attempt}`, () => runJobById(jobId, registry));
        if (outcome.status !== "retry") return outcome;
        await step.sleepUntil(`backoff-${attempt}`, outcome.retryAt);
      }
      return { status: "failed" };
    },
  );
}

export function buildFunctions(registry: JobRegistry) {
  return [...registry.values()].map((def) => functionFor(def, registry));
}

export const functions = [...buildFunctions(jobRegistry), ...webhookFunctions];
