// Jobs already queued: cancel those a change made pointless, queue again those whose runner
// died. Both name the jobs through the job's own payload fields (jobsOf), never the table.
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import type { JobDefinition } from "@/lib/jobs/define-job";
import { jobsOf, type FieldMatch } from "@/lib/jobs/job-sql";
import { announceJobs } from "@/lib/jobs/announce";

/**
 * Cancels the queued jobs of `def` whose payload matches `where` (as jobsOf): they never run
 * (one already running finishes). In the caller's transaction when `tx` is given. Returns their ids.
 */
export async function cancelJobs<P>(
  def: JobDefinition<P>,
  where: Partial<Record<keyof P & string, FieldMatch>>,
  { tx }: { tx?: Prisma.TransactionClient | PrismaClient } = {},
): Promise<string[]> {
  const rows = await (tx ?? db()).$queryRaw<{ id: string }[]>(Prisma.sql`
    UPDATE jobs SET status = 'cancelled', finished_at = now()
    WHERE id IN (SELECT j.id FROM ${jobsOf(def, { where })} j WHERE j.status = 'queued') AND status = 'queued'
    RETURNING id::text`);
  return rows.map((r) => r.id);
}

/**
 * Queues running jobs again, due at once, when their claim has not been refreshed for
 * `idleSeconds` (their runner died; a live one refreshes it), and announces them. The same
 * rows, so their dedupe keys and attempts carry on. Returns the ids queued again.
 */
export async function requeueJobs(ids: string[], { idleSeconds = 0 }: { idleSeconds?: number } = {}): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db().$queryRaw<{ id: string; name: string; run_at: Date }[]>(Prisma.sql`
    UPDATE jobs SET status = 'queued', run_at = now(), locked_at = NULL, locked_by = NULL
    WHERE id = ANY(${ids}::uuid[]) AND status = 'running' AND locked_at <= now() - make_interval(secs => ${idleSeconds}::float8)
    RETURNING id::text, name, run_at`);
  await announceJobs(rows.map((r) => ({ id: r.id, name: r.name, runAt: new Date(r.run_at) })));
  return rows.map((r) => r.id);
}
