// A job: a name, a zod-typed payload and a handler in lib/. The same definition runs on the
// embedded runner and as an Inngest function. Handlers must be safe to run twice.
import type { z } from "zod";

export interface JobDefinition<P = unknown> {
  name: string;
  payload: z.ZodType<P>;
  /** Attempts before the job is marked failed for good. */
  maxAttempts: number;
  /** First retry delay (doubling each attempt); default 5 s. */
  retryBaseMs?: number;
  /** For maintenance work: run again this many seconds after each run. */
  recurEverySeconds?: number;
  run(payload: P, meta: { jobId: string; attempt: number }): Promise<void>;
}

export function defineJob<P>(def: JobDefinition<P>): JobDefinition<P> {
  return def;
}
