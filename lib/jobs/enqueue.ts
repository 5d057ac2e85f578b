// The one way domain code starts durable work.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { insertJob } from "@/lib/jobs/job-store";
import { dispatch } from "@/lib/jobs/dispatcher";
import { log } from "@/lib/log";

interface EnqueueOptions {
  runAt?: Date;
  /** A second enqueue with the same key is ignored. */
  dedupeKey?: string;
  /** Insert inside the caller's transaction; call the returned `dispatch` after commit. */
  tx?: Prisma.TransactionClient;
  /** This row's attempts, when they differ from the job's default (a scheduled send's maxRetries + 1). */
  maxAttempts?: number;
}

export async function enqueue<P>(def: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}) {
  const parsed = def.payload.parse(payload) as Prisma.InputJsonValue;
  const runAt = opts.runAt ?? new Date();
  const id = await insertJob(opts.tx ?? db(), {
    name: def.name,
    payload: parsed,
    runAt,
    maxAttempts: opts.maxAttempts ?? def.maxAttempts,
    dedupeKey: opts.dedupeKey,
  });
  // The row is the source of truth: a failed announcement is logged, and the sweep job
  // announces overdue rows again, so enqueue never fails after the row is committed.
  const announce = async () => {
    if (!id) return;
    await dispatch({ id, name: def.name, runAt }).catch((err) => log.error("job announcement failed", { jobId: id, err }));
  };
  if (!opts.tx) await announce();
  return { id, dispatch: announce };
}
