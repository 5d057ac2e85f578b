// The message record in as few statements as the send path allows. Its queued row is
// written by the statement that opens the send (open-send.ts) when safety needs no second
// look, else by insertQueuedMessage; the outcome and its audit entry by finishMessage.
import { rawQuery } from "@/lib/db/raw-query";
import type { AuditEntry } from "@/lib/audit/record-audit";
import { PUBLISH_PARAM_COUNT, publishCtes, publishParams, type NewEvent } from "@/lib/events/publish-events";
import { insertJobParams, insertJobSql, type NewJobRow } from "@/lib/jobs/job-store";
import { dispatch } from "@/lib/jobs/dispatcher";
import { announceDeliveries } from "@/lib/webhooks/announce";

export interface NewMessage {
  orgId: string;
  /** The key's project; null: the organization's default project. */
  projectId: string | null;
  apiKeyId: string | null;
  userId: string | null;
  fromAddress: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  emailType: string;
  priority: string;
  messageIdHeader: string;
  metadata: unknown;
}

/** The allowance month a send counts in (send_counters.month), UTC. */
export const currentMonth = () => new Date().toISOString().slice(0, 7);

/** $1…$13 of both statements that write a queued message. */
export function messageParams(m: NewMessage): unknown[] {
  return [m.orgId, m.projectId, m.apiKeyId, m.userId, m.fromAddress, m.to, m.cc, m.bcc, m.subject,
    m.emailType, m.priority, m.messageIdHeader, JSON.stringify(m.metadata)];
}

/** `org` AS a CTE: the organization of $1 with its default project, for queuedInsert. */
export const ORG_CTE = `org AS (
  SELECT o.*, (SELECT id FROM projects WHERE org_id = o.id AND is_default ORDER BY created_at LIMIT 1) AS default_project_id
  FROM organizations o WHERE o.id = $1::uuid)`;

/** INSERT of the queued message from the `org` CTE and messageParams, when `condition` holds. */
export function queuedInsert(sendMode: string, condition: string): string {
  return `INSERT INTO messages (id, org_id, project_id, api_key_id, user_id, from_address, "to", cc, bcc, subject,
       email_type, priority, status, send_mode, message_id_header, metadata)
     SELECT gen_random_uuid(), org.id, COALESCE($2::uuid, org.default_project_id), $3::uuid, $4::uuid, $5::text, $6::text[],
       $7::text[], $8::text[], $9::text, $10::text, $11::text, 'queued', ${sendMode}, $12::text, $13::jsonb
     FROM org WHERE ${condition}
     RETURNING id::text`;
}

/**
 * Records the message as queued, once safety has passed it. Deferred (see raw-query.ts):
 * finishMessage, durable, runs before any response and makes this row durable with it.
 */
export async function insertQueuedMessage(m: NewMessage, sendMode: string): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    `WITH ${ORG_CTE} ${queuedInsert("$14::text", "true")}`,
    [...messageParams(m), sendMode],
    "deferred",
  );
  return rows[0].id;
}

/** Gives a counted send back when nothing was recorded or sent after all. */
export async function refundSend(orgId: string): Promise<void> {
  await rawQuery(
    `UPDATE send_counters SET count = greatest(count - 1, 0) WHERE org_id = $1::uuid AND month = $2::text`,
    [orgId, currentMonth()],
    "deferred",
  );
}

export interface Outcome {
  status: "sent" | "failed";
  providerId?: string | null;
  providerName?: string | null;
  providerMessageId?: string | null;
  error?: string | null;
}

/**
 * Records the outcome on the message, its audit entry and its events (email.sent when the
 * provider accepted it, fanned out to the subscribed endpoints), in one statement; returns
 * sentAt. Durable: it also makes the deferred queued row durable (raw-query.ts).
 */
export async function finishMessage(
  id: string,
  o: Outcome,
  audit: AuditEntry,
  after: { events?: NewEvent[]; job?: NewJobRow } = {},
): Promise<Date | null> {
  const events = after.events ?? [];
  const jobParams = after.job ? insertJobParams(after.job) : [null, null, null, null, null];
  const rows = await rawQuery<{ sent_at: Date | null; deliveries: string[] | null; job_id: string | null }>(
    `WITH done AS (
       UPDATE messages SET status = $2::text, provider_id = $3::uuid, provider_name = $4::text, provider_message_id = $5::text,
         error = $6::text, sent_at = CASE WHEN $2::text = 'sent' THEN now() ELSE NULL END
       WHERE id = $1::uuid
       RETURNING sent_at),
     logged AS (
       INSERT INTO audit_logs (id, org_id, project_id, actor_type, actor_id, action, target_type, target_id, send_mode,
         recipient_count, outcome, metadata)
       VALUES (gen_random_uuid(), $7::uuid, $8::uuid, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text,
         $15::int, $16::text, $17::jsonb)),
     ${publishCtes(18)},
     follow_up AS (${insertJobSql(18 + PUBLISH_PARAM_COUNT)})
     SELECT (SELECT sent_at FROM done), (SELECT array_agg(id::text) FROM fanned) AS deliveries, (SELECT id FROM follow_up) AS job_id`,
    [id, o.status, o.providerId ?? null, o.providerName ?? null, o.providerMessageId ?? null, o.error ?? null,
      audit.orgId, audit.projectId ?? null, audit.actorType, audit.actorId ?? null, audit.action, audit.targetType ?? null,
      audit.targetId ?? null, audit.sendMode ?? null, audit.recipientCount ?? null, audit.outcome ?? "success",
      JSON.stringify(audit.metadata ?? {}), ...publishParams(events), ...jobParams],
  );
  await announceDeliveries(rows[0]?.deliveries ?? []);
  if (after.job && rows[0]?.job_id) await dispatch({ id: rows[0].job_id, name: after.job.name, runAt: after.job.runAt });
  return rows[0]?.sent_at ?? null;
}
