// Removes the bodies of scheduled emails that finished (sent, failed or cancelled) before the
// cutoff: html, text, attachments, calendar invitation and template variables leave email_data;
// the row, its addresses, subject, status, result and timestamps stay. An email still to be sent
// is never touched. scheduled_emails_body_retention_idx holds exactly the rows with a body left.
import { Prisma } from "@/lib/generated/prisma/client";
import { literals } from "@/lib/db/sql-literal";
import { ofOrg, runStatementBatches, type BatchLimits, type BatchOutcome, type BatchStatement } from "@/lib/retention/run-batches";

/** The parts of a stored send body that are its content (lib/email/schemas.ts). */
export const BODY_KEYS = ["html", "text", "attachments", "calendar", "variables"] as const;

// The same key list as the partial index's predicate, as literals, so the planner can use the index.
const KEYS = Prisma.sql`ARRAY[${literals(BODY_KEYS)}]`;

const BATCH: BatchStatement = (before, limit, orgId) => Prisma.sql`
  WITH batch AS (
    SELECT id FROM scheduled_emails
    WHERE status IN ('sent', 'failed', 'cancelled') AND email_data ?| ${KEYS}
      AND updated_at < ${before}::timestamptz ${ofOrg(orgId, Prisma.sql`org_id`)}
    ORDER BY updated_at LIMIT ${limit}
    FOR UPDATE SKIP LOCKED),
  done AS (
    UPDATE scheduled_emails SET email_data = email_data - ${KEYS}
    WHERE id = ANY(ARRAY(SELECT id FROM batch)) RETURNING 1)
  SELECT (SELECT count(*) FROM batch)::int AS picked, (SELECT count(*) FROM done)::int AS changed`;

export async function blankScheduledBodies(before: Date, limits: BatchLimits, orgId: string | null = null): Promise<BatchOutcome> {
  return runStatementBatches(BATCH, before, limits, orgId);
}
