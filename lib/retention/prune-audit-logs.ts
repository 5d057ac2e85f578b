// Deletes audit entries created before the cutoff, oldest first (audit_logs_created_at_idx).
import { runStatementBatches, type BatchLimits, type BatchOutcome } from "@/lib/retention/run-batches";

const BATCH = `
  WITH batch AS (SELECT id FROM audit_logs WHERE created_at < $1::timestamptz ORDER BY created_at LIMIT $2),
  gone AS (DELETE FROM audit_logs WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed`;

export async function pruneAuditLogs(before: Date, limits: BatchLimits): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits);
}
