// Removes the bodies of inbound messages received before the cutoff whose rules have run: text
// and html become null, attachment contents empty (file name, type and size stay), and
// body_removed_at records when. Addresses, subject, headers, status and rule results stay. A
// message still waiting for its rules is never touched. inbound_messages_body_retention_idx
// holds exactly the processed messages with a body left.
import { Prisma } from "@/lib/generated/prisma/client";
import { ofOrg, runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

const BATCH: BatchStatement = (before, limit, orgId) => Prisma.sql`
  WITH batch AS (
    SELECT id FROM inbound_messages
    WHERE body_removed_at IS NULL AND status <> 'received' AND received_at < ${before}::timestamptz ${ofOrg(orgId, Prisma.sql`org_id`)}
    ORDER BY received_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  files AS (UPDATE inbound_attachments SET content = ''::bytea WHERE inbound_message_id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1),
  done AS (UPDATE inbound_messages SET text = NULL, html = NULL, body_removed_at = now() WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM done)::int AS changed`;

export async function blankInboundBodies(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits, orgId);
}
