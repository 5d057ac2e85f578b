// Removes the bodies of sent messages recorded before the cutoff: html and text become null and
// body_removed_at records when. Addresses, subject, headers, the attachment list (names, types and
// sizes only; contents are never kept), tags, statuses and events stay. messages_body_retention_idx
// holds exactly the messages with a body left.
import { Prisma } from "@/lib/generated/prisma/client";
import { ofOrg, runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

const BATCH: BatchStatement = (before, limit, orgId) => Prisma.sql`
  WITH batch AS (
    SELECT id FROM messages
    WHERE body_removed_at IS NULL AND (html IS NOT NULL OR text IS NOT NULL) AND created_at < ${before}::timestamptz ${ofOrg(orgId, Prisma.sql`org_id`)}
    ORDER BY created_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  done AS (UPDATE messages SET html = NULL, text = NULL, body_removed_at = now() WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM done)::int AS changed`;

export async function blankMessageBodies(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits, orgId);
}
