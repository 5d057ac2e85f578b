// The queue as SQL fragments for a caller's own statement: a job inserted by the statement that
// makes it due (a send's outcome and its reconciliation), a domain's view of its own jobs (a
// sequence step's, a campaign's batches), a batch keeping its claim fresh in the statement that
// refreshes its sends'. Each is a Prisma.Sql carrying its own parameters; the table and the
// payload's layout stay in lib/jobs.
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/db/uuid";
import type { JobDefinition } from "@/lib/jobs/define-job";

/** A job row to insert (enqueueSql, enqueueMany). */
export interface JobRow {
  name: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  dedupeKey: string | null;
}

export interface JobOptions {
  runAt?: Date;
  /** A second row with the same key is not inserted. */
  dedupeKey?: string;
  /** This row's attempts, when they differ from the job's (a scheduled send's maxRetries + 1). */
  maxAttempts?: number;
}

/** The row of one run of `def`, its payload checked against the job's schema. */
export function jobRow<P>(def: JobDefinition<P>, payload: P, opts: JobOptions = {}): JobRow {
  return {
    name: def.name,
    payload: def.payload.parse(payload),
    runAt: opts.runAt ?? new Date(),
    maxAttempts: opts.maxAttempts ?? def.maxAttempts,
    dedupeKey: opts.dedupeKey ?? null,
  };
}

/**
 * The INSERT of zero or one job row, for a CTE of the caller's statement:
 * `queued_job AS (${enqueueSql(row, { when: Prisma.sql\`EXISTS (SELECT 1 FROM done)\` })})`.
 * It returns the row's `id`, `name` and `run_at`: none when `row` is null, `when` does not hold
 * or the dedupe key exists. The text is the same with or without a row, so the caller's
 * statement is prepared once. Announce the row after commit (announceJobs).
 */
export function enqueueSql(row: JobRow | null, { when = Prisma.sql`true` }: { when?: Prisma.Sql } = {}): Prisma.Sql {
  return Prisma.sql`INSERT INTO jobs (id, name, payload, run_at, max_attempts, dedupe_key)
    SELECT gen_random_uuid(), j.name, j.payload, j.run_at, j.max_attempts, j.dedupe_key
    FROM (SELECT ${row?.name ?? null}::text AS name, ${row ? JSON.stringify(row.payload) : null}::jsonb AS payload,
      ${row?.runAt.toISOString() ?? null}::timestamptz AS run_at, ${row?.maxAttempts ?? null}::int AS max_attempts,
      ${row?.dedupeKey ?? null}::text AS dedupe_key) j
    WHERE j.name IS NOT NULL AND (${when})
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, name, run_at`;
}

/** A payload field's value: an expression of the caller's statement, or the values of a subquery. */
export type FieldMatch = Prisma.Sql | { in: Prisma.Sql };

const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;
const field = (name: string) => {
  if (!FIELD.test(name)) throw new Error(`Not a payload field name: ${name}`);
  return name;
};

/**
 * The rows of one job as a subquery for the caller's FROM (`FROM ${jobsOf(...)} j`): `id`,
 * `status` (queued, running, done, failed, cancelled), `run_at`, `locked_at` (while running:
 * its runner's last sign of life), `attempts`, `last_error`, `finished_at`, and each of
 * `fields`, a payload field as a text column of its own name. `where` keeps the rows whose
 * payload fields (as text) equal an expression of the caller's statement or are among a
 * subquery's values.
 */
export function jobsOf<P>(
  def: JobDefinition<P>,
  { where = {}, fields = [] }: { where?: Partial<Record<keyof P & string, FieldMatch>>; fields?: (keyof P & string)[] } = {},
): Prisma.Sql {
  const columns = fields.map((f) => Prisma.sql`, payload ->> ${field(f)}::text AS ${Prisma.raw(`"${field(f)}"`)}`);
  const conditions = Object.entries(where as Record<string, FieldMatch>).map(([f, m]) =>
    m instanceof Prisma.Sql
      ? Prisma.sql` AND payload ->> ${field(f)}::text = ${m}`
      : Prisma.sql` AND payload ->> ${field(f)}::text IN (${m.in})`,
  );
  const joined = (parts: Prisma.Sql[]) => (parts.length ? Prisma.join(parts, "") : Prisma.empty);
  return Prisma.sql`(SELECT id, status, run_at, locked_at, attempts, last_error, finished_at${joined(columns)}
    FROM jobs WHERE name = ${def.name}::text${joined(conditions)})`;
}

/**
 * An UPDATE, for a CTE of the caller's statement, that keeps a running job's claim fresh (the
 * runner's own heartbeat comes every 30 s, and not at all under Inngest). A job id that is not
 * a row's (a cron run under Inngest) updates nothing.
 */
export function touchJobSql(jobId: string): Prisma.Sql {
  return Prisma.sql`UPDATE jobs SET locked_at = now() WHERE id = ${isUuid(jobId) ? jobId : null}::uuid AND status = 'running'`;
}
