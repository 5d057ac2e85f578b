// The one way domain code starts durable work: a job row, inserted on its own or in the
// caller's transaction (then announce it with the returned `dispatch` after commit). Inside a
// caller's single statement, use enqueueSql (job-sql.ts) instead.
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { insertJob, insertJobs } from "@/lib/jobs/job-store";
import { jobRow, type JobOptions } from "@/lib/jobs/job-sql";
import { announceJobs } from "@/lib/jobs/announce";

interface Transactional {
  /** Insert inside the caller's transaction; call the returned `dispatch` after commit. */
  tx?: Prisma.TransactionClient | PrismaClient;
}

/** Rows per statement in enqueueMany. */
const CHUNK = 5_000;

/** One job row. `id` is null when a row with the same dedupe key exists. */
export async function enqueue<P>(def: JobDefinition<P>, payload: P, opts: JobOptions & Transactional = {}) {
  const row = jobRow(def, payload, opts);
  const id = await insertJob(opts.tx ?? db(), {
    ...row,
    payload: row.payload as Prisma.InputJsonValue,
    dedupeKey: row.dedupeKey ?? undefined,
  });
  // The row is the source of truth: announcing never fails (a lost announcement is swept up).
  const dispatch = () => (id ? announceJobs([{ id, name: def.name, runAt: row.runAt }]) : Promise.resolve());
  if (!opts.tx) await dispatch();
  return { id, dispatch };
}

/**
 * Many rows of one job in one statement per 5,000 (a list's new members enrolled in a
 * sequence); rows whose dedupe key exists are skipped. Returns the rows inserted.
 */
export async function enqueueMany<P>(def: JobDefinition<P>, items: ({ payload: P } & JobOptions)[], opts: Transactional = {}) {
  const rows = items.map((i) => jobRow(def, i.payload, i));
  const jobs: { id: string; name: string; runAt: Date }[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows
      .slice(i, i + CHUNK)
      .map((r) => ({ ...r, payload: r.payload as Prisma.InputJsonValue, dedupeKey: r.dedupeKey ?? undefined }));
    jobs.push(...(await insertJobs(opts.tx ?? db(), chunk)));
  }
  const dispatch = () => announceJobs(jobs);
  if (!opts.tx) await dispatch();
  return { jobs, dispatch };
}
