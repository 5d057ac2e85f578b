// The message record in as few statements as the send path allows. Its queued row is
// written by the statement that opens the send (open-send.ts) when safety needs no second
// look, else by insertQueuedMessage; the outcome and its audit entry by finishMessage.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueSql, type JobRow } from "@/lib/jobs/job-sql";
import type { AuditEntry } from "@/lib/audit/record-audit";
import { insertAudit } from "@/lib/audit/audit-sql";
import { EVENT_COLUMNS, eventRows, publishCtes, type NewEvent } from "@/lib/events/publish-events";
import { ADVANCE_STATUS_SET, reportedStatuses } from "@/lib/events/message-status-sql";
import { announceDeliveries } from "@/lib/webhooks/announce";
import type { MessageContent } from "@/lib/email/message-content";

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

/**
 * `org` AS a CTE: the organization of the message with its default project and the send's use
 * case, for queuedInsert. The use case is the one the message names when it is the organization's
 * own (else none: the caller refuses the send, see openSend), or when it names none the
 * organization's default; use_case_attribution says which ('explicit' or 'default', null when
 * there is none).
 */
export function orgCte(m: NewMessage): Prisma.Sql {
  return Prisma.sql`org AS (
  SELECT o.*, (SELECT id FROM projects WHERE org_id = o.id AND is_default ORDER BY created_at LIMIT 1) AS default_project_id,
    uc.id AS use_case_id, CASE WHEN uc.id IS NULL THEN NULL WHEN ${m.useCaseId}::uuid IS NULL THEN 'default' ELSE 'explicit' END AS use_case_attribution
  FROM organizations o
  LEFT JOIN use_cases uc ON uc.id = COALESCE(${m.useCaseId}::uuid, o.default_use_case_id) AND uc.org_id = o.id
  WHERE o.id = ${m.orgId}::uuid)`;
}

/** INSERT of the queued message from the `org` CTE (orgCte), with `sendMode`, when `condition` holds. */
export function queuedInsert(m: NewMessage, sendMode: Prisma.Sql, condition: Prisma.Sql): Prisma.Sql {
  // The content is one jsonb parameter (it can be large), read through `content.v`.
  return Prisma.sql`INSERT INTO messages (id, org_id, project_id, api_key_id, user_id, from_address, "to", cc, bcc, subject,
       email_type, priority, status, send_mode, message_id_header, metadata, use_case_id, use_case_attribution, campaign_send_id,
       html, text, headers, attachments, body_truncated, tags)
     SELECT gen_random_uuid(), org.id, COALESCE(${m.projectId}::uuid, org.default_project_id), ${m.apiKeyId}::uuid, ${m.userId}::uuid,
       ${m.fromAddress}::text, ${m.to}::text[], ${m.cc}::text[], ${m.bcc}::text[], ${m.subject}::text, ${m.emailType}::text,
       ${m.priority}::text, 'queued', ${sendMode}, ${m.messageIdHeader}::text, ${JSON.stringify(m.metadata)}::jsonb,
       org.use_case_id, org.use_case_attribution, ${m.campaignSendId ?? null}::uuid,
       content.v ->> 'html', content.v ->> 'text', coalesce(content.v -> 'headers', '[]'), coalesce(content.v -> 'attachments', '[]'),
       coalesce((content.v ->> 'truncated')::boolean, false), ARRAY(SELECT jsonb_array_elements_text(coalesce(content.v -> 'tags', '[]')))
     FROM org, (SELECT ${JSON.stringify(m.content ?? {})}::jsonb AS v) content WHERE ${condition}
     RETURNING id::text`;
}

/**
 * Records the message as queued, once safety has passed it. Deferred (see raw-query.ts):
 * finishMessage, durable, runs before any response and makes this row durable with it.
 */
export async function insertQueuedMessage(m: NewMessage, sendMode: string): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    Prisma.sql`WITH ${orgCte(m)} ${queuedInsert(m, Prisma.sql`${sendMode}::text`, Prisma.sql`true`)}`,
    "deferred",
  );
  return rows[0].id;
}

/** Gives a counted send back when nothing was recorded or sent after all. */
export async function refundSend(orgId: string): Promise<void> {
  await rawQuery(
    Prisma.sql`UPDATE send_counters SET count = greatest(count - 1, 0) WHERE org_id = ${orgId}::uuid AND month = ${currentMonth()}::text`,
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
  /** The attachments' names, types and sizes once those given by URL were fetched (null: as recorded). */
  attachments?: { filename: string; contentType: string; size: number }[] | null;
}

/** In finishMessage: the message took the outcome (it was still queued or unconfirmed). */
const TOOK_OUTCOME = Prisma.sql`EXISTS (SELECT 1 FROM done)`;

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
  after: { events?: NewEvent[]; scheduled?: NewEvent[]; job?: JobRow } = {},
): Promise<{ sentAt: Date | null; jobId: string | null }> {
  // `events` is read twice: for the message's own status (in `done`), and published (`incoming`) once the outcome is taken.
  const rows = await rawQuery<{ sent_at: Date | null; deliveries: string[] | null; job_id: string | null }>(
    Prisma.sql`WITH events AS (${eventRows(after.events ?? [])}),
     done AS (
       UPDATE messages m SET status = ${o.status}::text, provider_id = ${o.providerId ?? null}::uuid, provider_name = ${o.providerName ?? null}::text,
         provider_message_id = ${o.providerMessageId ?? null}::text, error = ${o.error ?? null}::text,
         sent_at = CASE WHEN ${o.status}::text = 'sent' THEN now() ELSE NULL END,
         unconfirmed_at = CASE WHEN ${o.status}::text = 'unconfirmed' THEN now() ELSE m.unconfirmed_at END,
         reconcile_at = ${o.reconcileAt?.toISOString() ?? null}::timestamptz,
         attachments = coalesce(${o.attachments ? JSON.stringify(o.attachments) : null}::jsonb, m.attachments),
         ${ADVANCE_STATUS_SET}
       FROM (SELECT ${id}::uuid AS id) me LEFT JOIN (${reportedStatuses(Prisma.sql`events`)}) x ON x.message_id = me.id
       WHERE m.id = me.id AND m.status IN ('queued', 'unconfirmed')
       RETURNING m.sent_at),
     logged AS (${insertAudit(audit, TOOK_OUTCOME)}),
     queued_job AS (${enqueueSql(after.job ?? null, { when: TOOK_OUTCOME })}),
     incoming AS (SELECT * FROM events WHERE ${TOOK_OUTCOME}),
     ${publishCtes(id)},
     planned AS (
       INSERT INTO scheduled_events (${EVENT_COLUMNS}) SELECT * FROM (${eventRows(after.scheduled ?? [])}) ev WHERE ${TOOK_OUTCOME}
       ON CONFLICT (dedupe_key) DO NOTHING)
     SELECT coalesce((SELECT sent_at FROM done), (SELECT sent_at FROM messages WHERE id = ${id}::uuid)) AS sent_at,
       (SELECT array_agg(id::text) FROM fanned) AS deliveries, (SELECT id::text FROM queued_job) AS job_id`,
  );
  await announceDeliveries(rows[0]?.deliveries ?? []);
  return { sentAt: rows[0]?.sent_at ?? null, jobId: rows[0]?.job_id ?? null };
}
