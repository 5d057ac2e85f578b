// The message record in as few statements as the send path allows. Its queued row is
// written by the statement that opens the send (open-send.ts) when safety needs no second
// look, else by insertQueuedMessage; the outcome and its audit entry by finishMessage.
import { rawQuery } from "@/lib/db/raw-query";
import type { AuditEntry } from "@/lib/audit/record-audit";
import { EVENT_COLUMNS, EVENT_PARAM_COUNT, eventParams, eventRows, publishCtes, type NewEvent } from "@/lib/events/publish-events";
import { announceDeliveries } from "@/lib/webhooks/announce";
import type { MessageContent } from "@/lib/email/message-content";
import { advanceStatusSetSql, reportedStatusesSql } from "@/lib/events/message-status";

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
  /** The use case the send names (use_case_id); null: the organization's default, if any. */
  useCaseId: string | null;
  /** A campaign's send to one contact (its events carry it, email_id null); null otherwise. */
  campaignSendId?: string | null;
  /** What the message page shows (message-content.ts); none: nothing kept. */
  content?: MessageContent | null;
}

/** The allowance month a send counts in (send_counters.month), UTC. */
export const currentMonth = () => new Date().toISOString().slice(0, 7);

/** Seconds until the month currentMonth() names ends (UTC): when a used-up allowance renews. */
export function secondsUntilNextMonth(now = new Date()): number {
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 1000;
}

/** $1…$15 of both statements that write a queued message. */
export function messageParams(m: NewMessage): unknown[] {
  return [m.orgId, m.projectId, m.apiKeyId, m.userId, m.fromAddress, m.to, m.cc, m.bcc, m.subject,
    m.emailType, m.priority, m.messageIdHeader, JSON.stringify(m.metadata), m.useCaseId, m.campaignSendId ?? null];
}

/**
 * `org` AS a CTE: the organization of $1 with its default project and the send's use case, for
 * queuedInsert. The use case is the one $14 names when it is the organization's own (else none:
 * the caller refuses the send, see openSend), or without $14 the organization's default;
 * use_case_attribution says which ('explicit' or 'default', null when there is none).
 */
export const ORG_CTE = `org AS (
  SELECT o.*, (SELECT id FROM projects WHERE org_id = o.id AND is_default ORDER BY created_at LIMIT 1) AS default_project_id,
    uc.id AS use_case_id, CASE WHEN uc.id IS NULL THEN NULL WHEN $14::uuid IS NULL THEN 'default' ELSE 'explicit' END AS use_case_attribution
  FROM organizations o
  LEFT JOIN use_cases uc ON uc.id = COALESCE($14::uuid, o.default_use_case_id) AND uc.org_id = o.id
  WHERE o.id = $1::uuid)`;

/** The content parameter (contentParam of queuedInsert): one jsonb value. */
export const contentParam = (m: NewMessage) => JSON.stringify(m.content ?? {});

/** INSERT of the queued message from the `org` CTE, messageParams and the content at `content` ($n), when `condition` holds. */
export function queuedInsert(sendMode: string, condition: string, content: string): string {
  const c = `${content}::jsonb`;
  return `INSERT INTO messages (id, org_id, project_id, api_key_id, user_id, from_address, "to", cc, bcc, subject,
       email_type, priority, status, send_mode, message_id_header, metadata, use_case_id, use_case_attribution, campaign_send_id,
       html, text, headers, attachments, body_truncated, tags)
     SELECT gen_random_uuid(), org.id, COALESCE($2::uuid, org.default_project_id), $3::uuid, $4::uuid, $5::text, $6::text[],
       $7::text[], $8::text[], $9::text, $10::text, $11::text, 'queued', ${sendMode}, $12::text, $13::jsonb,
       org.use_case_id, org.use_case_attribution, $15::uuid,
       ${c} ->> 'html', ${c} ->> 'text', coalesce(${c} -> 'headers', '[]'), coalesce(${c} -> 'attachments', '[]'),
       coalesce((${c} ->> 'truncated')::boolean, false), ARRAY(SELECT jsonb_array_elements_text(coalesce(${c} -> 'tags', '[]')))
     FROM org WHERE ${condition}
     RETURNING id::text`;
}

/**
 * Records the message as queued, once safety has passed it. Deferred (see raw-query.ts):
 * finishMessage, durable, runs before any response and makes this row durable with it.
 */
export async function insertQueuedMessage(m: NewMessage, sendMode: string): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    `WITH ${ORG_CTE} ${queuedInsert("$16::text", "true", "$17")}`,
    [...messageParams(m), sendMode, contentParam(m)],
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
  /** unconfirmed: the provider may have the message but never said so (docs/sending.md, reconcile-send.ts). */
  status: "sent" | "failed" | "unconfirmed";
  providerId?: string | null;
  providerName?: string | null;
  providerMessageId?: string | null;
  error?: string | null;
  /** unconfirmed: when, lacking evidence, the message goes to the next provider; null: never (settled unknown). */
  reconcileAt?: Date | null;
}

/** A job row written by the same statement as the outcome (the reconciliation of an unconfirmed send). */
export interface OutcomeJob {
  name: string;
  payload: unknown;
  runAt: Date;
  maxAttempts: number;
  dedupeKey: string;
}

/**
 * Records the outcome on the message, its audit entry and its events, in one statement:
 * `events` are published now (email.sent when the provider accepted it, fanned out to the
 * subscribed endpoints), `scheduled` are stored to be published at their time (the demo
 * provider's), `job` is queued (announce it with the returned jobId). Returns sentAt. Durable:
 * it also makes the deferred queued row durable (raw-query.ts).
 *
 * Only a message still queued or unconfirmed takes an outcome, and the audit entry, events and
 * job follow only when it did: so the statement is safe to run again when its first answer
 * was lost with the connection (retryWhileDisconnected), and an outcome never overwrites a
 * final one.
 */
export async function finishMessage(
  id: string,
  o: Outcome,
  audit: AuditEntry,
  after: { events?: NewEvent[]; scheduled?: NewEvent[]; job?: OutcomeJob } = {},
): Promise<{ sentAt: Date | null; jobId: string | null }> {
  const job = after.job;
  const rows = await rawQuery<{ sent_at: Date | null; deliveries: string[] | null; job_id: string | null }>(
    `WITH done AS (
       UPDATE messages m SET status = $2::text, provider_id = $3::uuid, provider_name = $4::text, provider_message_id = $5::text,
         error = $6::text, sent_at = CASE WHEN $2::text = 'sent' THEN now() ELSE NULL END,
         unconfirmed_at = CASE WHEN $2::text = 'unconfirmed' THEN now() ELSE m.unconfirmed_at END, reconcile_at = $18::timestamptz,
         ${advanceStatusSetSql("m", "x")}
       FROM (SELECT $1::uuid AS id) me LEFT JOIN (${reportedStatusesSql(`(${eventRows(24)}) ev`)}) x ON x.message_id = me.id
       WHERE m.id = me.id AND m.status IN ('queued', 'unconfirmed')
       RETURNING m.sent_at),
     logged AS (
       INSERT INTO audit_logs (id, org_id, project_id, actor_type, actor_id, action, target_type, target_id, send_mode,
         recipient_count, outcome, metadata)
       SELECT gen_random_uuid(), $7::uuid, $8::uuid, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text,
         $15::int, $16::text, $17::jsonb
       WHERE EXISTS (SELECT 1 FROM done)),
     queued_job AS (
       INSERT INTO jobs (id, name, payload, run_at, max_attempts, dedupe_key)
       SELECT gen_random_uuid(), $19::text, $20::jsonb, $21::timestamptz, $22::int, $23::text
       WHERE $19::text IS NOT NULL AND EXISTS (SELECT 1 FROM done)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id),
     incoming AS (SELECT * FROM (${eventRows(24)}) ev WHERE EXISTS (SELECT 1 FROM done)),
     ${publishCtes("incoming", { exceptMessage: "$1::uuid" })},
     planned AS (
       INSERT INTO scheduled_events (${EVENT_COLUMNS}) SELECT * FROM (${eventRows(24 + EVENT_PARAM_COUNT)}) ev WHERE EXISTS (SELECT 1 FROM done)
       ON CONFLICT (dedupe_key) DO NOTHING)
     SELECT coalesce((SELECT sent_at FROM done), (SELECT sent_at FROM messages WHERE id = $1::uuid)) AS sent_at,
       (SELECT array_agg(id::text) FROM fanned) AS deliveries, (SELECT id::text FROM queued_job) AS job_id`,
    [id, o.status, o.providerId ?? null, o.providerName ?? null, o.providerMessageId ?? null, o.error ?? null,
      audit.orgId, audit.projectId ?? null, audit.actorType, audit.actorId ?? null, audit.action, audit.targetType ?? null,
      audit.targetId ?? null, audit.sendMode ?? null, audit.recipientCount ?? null, audit.outcome ?? "success",
      JSON.stringify(audit.metadata ?? {}), o.reconcileAt?.toISOString() ?? null,
      job?.name ?? null, job ? JSON.stringify(job.payload) : null, job?.runAt.toISOString() ?? null, job?.maxAttempts ?? null, job?.dedupeKey ?? null,
      ...eventParams(after.events ?? []), ...eventParams(after.scheduled ?? [])],
  );
  await announceDeliveries(rows[0]?.deliveries ?? []);
  return { sentAt: rows[0]?.sent_at ?? null, jobId: rows[0]?.job_id ?? null };
}
