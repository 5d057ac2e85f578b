// Deletes finished webhook deliveries (succeeded, failed for good, or cancelled) created before
// the cutoff, with their attempts (the foreign key cascades). A delivery still pending or being
// attempted is never picked, and the row lock taken while picking keeps it finished until the
// delete. The partial index webhook_deliveries_finished_idx holds only finished rows.
import { Prisma } from "@/lib/generated/prisma/client";
import { ofOrg, runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

const BATCH: BatchStatement = (before, limit, orgId) => Prisma.sql`
  WITH batch AS (
    SELECT id FROM webhook_deliveries
    WHERE status IN ('succeeded', 'failed', 'cancelled') AND created_at < ${before}::timestamptz ${ofOrg(orgId, Prisma.sql`org_id`)}
    ORDER BY created_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  gone AS (DELETE FROM webhook_deliveries WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM gone)::int AS changed`;

export async function pruneWebhookDeliveries(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits, orgId);
}
