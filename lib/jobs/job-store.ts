// Job rows: insert, claim, finish. Claims use FOR UPDATE SKIP LOCKED, so any number of
// runners (in one process or several) never take the same row twice. Only lib/jobs reads or
// writes the table; domain code goes through the port (enqueue.ts, manage-jobs.ts, job-sql.ts).
import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";

export interface ClaimedJob {
  id: string;
  /** The runner that holds the claim; finishing updates only apply while it still does. */
  runnerId: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

type Client = PrismaClient | Prisma.TransactionClient;

interface ClaimRow {
  id: string;
  locked_by: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const toClaimed = (r: ClaimRow): ClaimedJob => ({
  id: r.id,
  runnerId: r.locked_by,
  name: r.name,
  payload: typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
});

export async function insertJob(
  client: Client,
  job: { name: string; payload: Prisma.InputJsonValue; runAt: Date; maxAttempts: number; dedupeKey?: string },
): Promise<string | null> {
  const rows = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO jobs (id, name, payload, run_at, max_attempts, dedupe_key)
    VALUES (gen_random_uuid(), ${job.name}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt}, ${job.maxAttempts}, ${job.dedupeKey ?? null})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}

/** Many rows in one statement (a list's new members enrolled in a sequence); rows whose dedupe key exists are skipped. Returns the rows inserted. */
export async function insertJobs(
  client: Client,
  jobs: { name: string; payload: Prisma.InputJsonValue; runAt: Date; maxAttempts: number; dedupeKey?: string }[],
): Promise<{ id: string; name: string; runAt: Date }[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map((j) => ({
    name: j.name,
    payload: j.payload,
    run_at: j.runAt.toISOString(),
    max_attempts: j.maxAttempts,
    dedupe_key: j.dedupeKey ?? null,
  }));
  const inserted = await client.$queryRaw<{ id: string; name: string; run_at: Date }[]>`
    INSERT INTO jobs (id, name, payload, run_at, max_attempts, dedupe_key)
    SELECT gen_random_uuid(), j.name, j.payload, j.run_at, j.max_attempts, j.dedupe_key
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS j(name text, payload jsonb, run_at timestamptz, max_attempts int, dedupe_key text)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, name, run_at`;
  return inserted.map((r) => ({ id: r.id, name: r.name, runAt: new Date(r.run_at) }));
}

export async function claimDueJobs(client: PrismaClient, runnerId: string, limit: number): Promise<ClaimedJob[]> {
  const rows = await client.$queryRaw<ClaimRow[]>`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${runnerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, locked_by, name, payload, attempts, max_attempts`;
  return rows.map(toClaimed);
}

/** Claims one job by id (the Inngest path); null when another worker has it or it is done. */
export async function claimJobById(client: PrismaClient, id: string, runnerId: string): Promise<ClaimedJob | null> {
  const rows = await client.$queryRaw<ClaimRow[]>`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${runnerId}, attempts = attempts + 1
    WHERE id = ${id}::uuid AND status = 'queued'
    RETURNING id, locked_by, name, payload, attempts, max_attempts`;
  return rows[0] ? toClaimed(rows[0]) : null;
}

// Finishing updates name the claim: a runner whose claim was taken over (it stalled past
// the stale limit) cannot overwrite the new holder's state.
export async function markDone(client: PrismaClient, job: ClaimedJob) {
  await client.job.updateMany({
    where: { id: job.id, lockedBy: job.runnerId, status: "running" },
    data: { status: "done", finishedAt: new Date(), lockedAt: null }, // lockedBy kept: who ran it
  });
}

export async function markRetry(client: PrismaClient, job: ClaimedJob, runAt: Date, error: string) {
  await client.job.updateMany({
    where: { id: job.id, lockedBy: job.runnerId, status: "running" },
    data: { status: "queued", runAt, lastError: error, lockedAt: null, lockedBy: null },
  });
}

export async function markFailed(client: PrismaClient, job: ClaimedJob, error: string) {
  await client.job.updateMany({
    where: { id: job.id, lockedBy: job.runnerId, status: "running" },
    data: { status: "failed", lastError: error, finishedAt: new Date(), lockedAt: null },
  });
}

/** Keeps a runner's claims fresh while their jobs run. */
export async function heartbeat(client: PrismaClient, runnerId: string): Promise<void> {
  await client.$executeRaw`UPDATE jobs SET locked_at = now() WHERE locked_by = ${runnerId} AND status = 'running'`;
}

/** Jobs left running by a process that died (no heartbeat) go back to the queue. */
export async function requeueStale(client: PrismaClient, olderThan: Date): Promise<number> {
  return client.$executeRaw`
    UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL
    WHERE status = 'running' AND locked_at < ${olderThan}`;
}

/** Queued rows overdue by more than `graceMs`: their announcement may have been lost. */
export async function overdueJobs(client: PrismaClient, graceMs: number, limit = 500) {
  return client.job.findMany({
    where: { status: "queued", runAt: { lt: new Date(Date.now() - graceMs) } },
    select: { id: true, name: true, runAt: true },
    orderBy: { runAt: "asc" },
    take: limit,
  });
}

/** Deletes finished (done, failed or cancelled) rows older than the cut-off. */
export async function pruneFinishedJobs(client: PrismaClient, before: Date): Promise<number> {
  const { count } = await client.job.deleteMany({ where: { status: { in: ["done", "failed", "cancelled"] }, finishedAt: { lt: before } } });
  return count;
}
