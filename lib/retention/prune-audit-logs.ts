// Deletes audit entries created before the cutoff, oldest first (audit_logs_created_at_idx).
import { Prisma } from "@/lib/generated/prisma/client";
import { ofOrg, runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

const BATCH: BatchStatement = (before, limit, orgId) => Prisma.sql`
  WITH batch AS (SELECT id FROM audit_logs WHERE created_at < ${before}::timestamptz ${ofOrg(orgId, Prisma.sql`org_id`)} ORDER BY created_at LIMIT ${limit}),
  gone AS (DELETE FROM audit_logs WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed`;

export async function pruneAuditLogs(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits, orgId);
}
