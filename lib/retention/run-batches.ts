// Retention works in batches: each batch is one statement on at most `batchSize` rows, so its
// own short transaction holding few locks, never one long delete that blocks the sending path or
// bloats a transaction. Batches follow one another until one comes back short (nothing older
// is left) or the run's time is up; the next run goes on from where this one stopped.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";

/** What one batch did: how many rows it picked, and how many of those it deleted or changed. */
export interface Batch {
  picked: number;
  changed: number;
}

export interface BatchOutcome {
  /** Rows deleted or changed. */
  rows: number;
  batches: number;
  /** False when the run's time ran out first: older rows may be left for the next run. */
  complete: boolean;
}

export interface BatchLimits {
  batchSize: number;
  /** Epoch milliseconds after which no further batch starts. */
  deadline: number;
}

export async function runBatches(batch: (limit: number) => Promise<Batch>, { batchSize, deadline }: BatchLimits): Promise<BatchOutcome> {
  let rows = 0;
  let batches = 0;
  while (Date.now() < deadline) {
    const b = await batch(batchSize);
    batches++;
    rows += b.changed;
    if (b.picked < batchSize) return { rows, batches, complete: true };
  }
  return { rows, batches, complete: false };
}

/** One batch's statement, given the cutoff, the batch size and the one organization it is limited to (null: every one); it answers `picked` and `changed`. */
export type BatchStatement = (before: string, limit: number, orgId: string | null) => Prisma.Sql;

/** A retention step: everything of its kind older than `before`, of one organization or (null) of all. */
export type RetentionStep = (before: Date, limits: BatchLimits, orgId: string | null) => Promise<BatchOutcome>;

/** `AND <column> = orgId` when a step is limited to one organization; nothing otherwise. */
export const ofOrg = (orgId: string | null, column: Prisma.Sql): Prisma.Sql =>
  orgId ? Prisma.sql`AND ${column} = ${orgId}::uuid` : Prisma.empty;

/**
 * Batches of one statement answering `picked` and `changed`: the shape of every retention step
 * but the events' (which keeps a cursor).
 */
export function runStatementBatches(
  statement: BatchStatement,
  before: Date,
  limits: BatchLimits,
  orgId: string | null,
): Promise<BatchOutcome> {
  return runBatches(async (limit) => {
    const [r] = await rawQuery<{ picked: number; changed: number }>(statement(before.toISOString(), limit, orgId));
    return { picked: Number(r.picked), changed: Number(r.changed) };
  }, limits);
}
