// Job rows: insert, claim, finish. Claims use FOR UPDATE SKIP LOCKED, so any number of
// runners (in one process or several) never take the same row twice.
import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";

export interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

type Client = PrismaClient | Prisma.TransactionClient;

interface ClaimRow {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const toClaimed = (r: ClaimRow): ClaimedJob => ({
  id: r.id,
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

export async function claimDueJobs(client: PrismaClient, runnerId: string, limit: number): Promise<ClaimedJob[]> {
  const rows = await client.$queryRaw<ClaimRow[]>`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${runnerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now()
      ORDER BY run_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, name, payload, attempts, max_attempts`;
  return rows.map(toClaimed);
}

/** Claims one job by id (the Inngest path); null when another worker has it or it is done. */
export async function claimJobById(client: PrismaClient, id: string, runnerId: string): Promise<ClaimedJob | null> {
  const rows = await client.$queryRaw<ClaimRow[]>`
    UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${runnerId}, attempts = attempts + 1
    WHERE id = ${id}::uuid AND status = 'queued'
    RETURNING id, name, payload, attempts, max_attempts`;
  return rows[0] ? toClaimed(rows[0]) : null;
}

export async function markDone(client: PrismaClient, id: string) {
  await client.job.update({ where: { id }, data: { status: "done", finishedAt: new Date(), lockedAt: null } }); // lockedBy kept: who ran it
}

export async function markRetry(client: PrismaClient, id: string, runAt: Date, error: string) {
  await client.job.update({ where: { id }, data: { status: "queued", runAt, lastError: error, lockedAt: null, lockedBy: null } });
}

export async function markFailed(client: PrismaClient, id: string, error: string) {
  await client.job.update({
    where: { id },
    data: { status: "failed", lastError: error, finishedAt: new Date(), lockedAt: null, lockedBy: null },
  });
}

/** Jobs left running by a process that died go back to the queue. */
export async function requeueStale(client: PrismaClient, olderThan: Date): Promise<number> {
  return client.$executeRaw`
    UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL
    WHERE status = 'running' AND locked_at < ${olderThan}`;
}
