// Deletes audit entries created before the cutoff, oldest first (audit_logs_created_at_idx).
import { Prisma } from "@/lib/generated/prisma/client";
import { runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

const BATCH: BatchStatement = (before, limit) => Prisma.sql`
  WITH batch AS (SELECT id FROM audit_logs WHERE created_at < ${before}::timestamptz ORDER BY created_at LIMIT ${limit}),
  gone AS (DELETE FROM audit_logs WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed`;

export async function pruneAuditLogs(before: Date, limits: BatchLimits): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits);
}
