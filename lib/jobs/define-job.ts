// A job: a name, a zod-typed payload and a handler in lib/. The same definition runs on the
// embedded runner (lib/jobs/runner.ts) and as an Inngest function. Handlers must be safe to run twice.
import type { z } from "zod";

export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  /** Attempts before the job is marked failed for good. */
  maxAttempts: number;
  /** First retry delay (doubling each attempt); default 5 s. */
  retryBaseMs?: number;
  /** For maintenance work: run again this many seconds after each run (one row per time slot,
   * so instances run each slot once; an Inngest cron). */
  recurEverySeconds?: number;
  /**
   * Timed work instead of rows: on the embedded runner it runs in-process on every instance,
   * every `everyMs` (default: the runner's poll interval), so it is prompt; on Inngest it runs
   * on the cron of recurEverySeconds. Only for work that concurrent runs share safely (rows
   * taken with SKIP LOCKED, a locked state row): publishing due events, rolling up analytics.
   */
  timed?: { everyMs?: number };
  run(payload: P, meta: { jobId: string; attempt: number }): Promise<void>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}
