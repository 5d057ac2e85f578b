// The Inngest functions, all built from lib/jobs: one per job in registry.ts (a thin shell that
// waits until the row is due and runs it through lib/, sleeping between attempts on the row's
// own backoff), and two per lane in lanes.ts (one fans an announcement out into one event per
// item, one drives an item's attempts, sleeping until each retry is due). The rows are the
// source of truth; every step is safe to repeat.
import { inngest, jobEventName, laneEventNames } from "@/inngest/client";
import { jobRegistry, type JobRegistry } from "@/lib/jobs/registry";
import { batchLanes } from "@/lib/jobs/lanes";
import type { JobDefinition } from "@/lib/jobs/define-job";
import type { BatchLane } from "@/lib/jobs/lane";
import { runJobById, runRecurringJob } from "@/lib/jobs/run-job-by-id";

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

/** A lane's fan-out function and its function per item ("webhook-fan-out", "webhook-delivery"). */
export function laneFunctions<S>(lane: BatchLane<unknown, unknown, S>) {
  const { item, maxAttempts, runById, retryAt } = lane.inngest;
  const events = laneEventNames(lane.name, item);
  const fanOut = inngest.createFunction(
    { id: `${lane.name}-fan-out`, retries: 3, triggers: [{ event: events.fanOut }] },
    async ({ event, step }) => {
      const ids = (event.data as Record<string, string[]>)[`${item}Ids`];
      await step.sendEvent(
        "deliver",
        ids.map((id) => ({ name: events.item, data: { [`${item}Id`]: id } })),
      );
      return { announced: ids.length };
    },
  );
  const one = inngest.createFunction(
    // A step that throws (a database blip) is retried by Inngest; an attempt is safe to repeat.
    { id: `${lane.name}-${item}`, retries: 3, triggers: [{ event: events.item }] },
    async ({ event, step }) => {
      const id = (event.data as Record<string, string>)[`${item}Id`];
      let last = (await step.run("attempt-1", () => runById(id))) as S;
      for (let n = 2; n <= maxAttempts + 1 && retryAt(last); n++) {
        await step.sleepUntil(`wait-${n}`, retryAt(last)!);
        last = (await step.run(`attempt-${n}`, () => runById(id))) as S;
      }
      return last;
    },
  );
  return [fanOut, one];
}

export function buildFunctions(registry: JobRegistry, lanes: BatchLane<unknown, unknown, unknown>[] = []) {
  return [...[...registry.values()].map((def) => functionFor(def, registry)), ...lanes.flatMap((lane) => laneFunctions(lane))];
}

export const functions = buildFunctions(jobRegistry, batchLanes);
