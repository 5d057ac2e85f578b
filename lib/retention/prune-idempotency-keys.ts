// Deletes Idempotency-Key records past their 24 hours (lib/email/idempotency.ts treats them as
// gone already): each holds the first response of a send, and nothing deleted them unless the
// same key came back.
import { Prisma } from "@/lib/generated/prisma/client";
import { runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

/** How long a key answers with its first response (lib/email/idempotency.ts). */
export const IDEMPOTENCY_KEY_LIFE_MS = 24 * 3_600_000;

// The rows are found by physical address (ctid): the table's key is two columns, and an address
// list is the one form the planner always reads as direct lookups. The picked rows are locked,
// so their addresses cannot change before the delete, which is in the same statement.
const BATCH: BatchStatement = (before, limit) => Prisma.sql`
  WITH batch AS (
    SELECT ctid FROM idempotency_keys WHERE created_at < ${before}::timestamptz ORDER BY created_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  gone AS (DELETE FROM idempotency_keys WHERE ctid = ANY(ARRAY(SELECT ctid FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed`;

export async function pruneIdempotencyKeys(now: number, limits: BatchLimits): Promise<BatchOutcome> {
  const before = new Date(now - IDEMPOTENCY_KEY_LIFE_MS);
  return runStatementBatches(BATCH, before, limits, null);
}
