// The message record and the allowance count, in as few statements as the send path allows:
// the count; the queued message; the outcome with its audit entry.
import { rawQuery } from "@/lib/db/raw-query";
import { monthlyAllowance } from "@/lib/orgs/plans";
import type { AuditEntry } from "@/lib/audit/record-audit";

export interface NewMessage {
  orgId: string;
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
  sendMode: string;
  messageIdHeader: string;
  metadata: unknown;
}

const month = () => new Date().toISOString().slice(0, 7);

/**
 * Counts one send against the month's allowance: the count only moves while it is below the
 * allowance (one atomic statement), so concurrent sends never overshoot it. A counter
 * statement (see raw-query.ts): every send of the organization updates this one row.
 */
export async function countSend(org: { plan: string; monthlySendAllowance: number | null }, orgId: string): Promise<boolean> {
  const allowance = monthlyAllowance(org) ?? 2_147_483_647;
  if (allowance <= 0) return false;
  const rows = await rawQuery<{ count: number }>(
    `INSERT INTO send_counters (org_id, month, count) VALUES ($1::uuid, $2::text, 1)
     ON CONFLICT (org_id, month) DO UPDATE SET count = send_counters.count + 1
     WHERE send_counters.count < $3::int
     RETURNING count`,
    [orgId, month(), allowance],
    "counter",
  );
  return rows.length > 0;
}

/** Records the message as queued (durably: it is the customer's record of the send). */
export async function insertQueuedMessage(m: NewMessage): Promise<string> {
  const rows = await rawQuery<{ id: string }>(
    `INSERT INTO messages (id, org_id, project_id, api_key_id, user_id, from_address, "to", cc, bcc, subject,
       email_type, priority, status, send_mode, message_id_header, metadata)
     VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5::text, $6::text[], $7::text[], $8::text[], $9::text,
       $10::text, $11::text, 'queued', $12::text, $13::text, $14::jsonb)
     RETURNING id::text`,
    [m.orgId, m.projectId, m.apiKeyId, m.userId, m.fromAddress, m.to, m.cc, m.bcc, m.subject,
      m.emailType, m.priority, m.sendMode, m.messageIdHeader, JSON.stringify(m.metadata)],
  );
  return rows[0].id;
}

/** Gives a counted send back when nothing was recorded or sent after all. */
export async function refundSend(orgId: string): Promise<void> {
  await rawQuery(
    `UPDATE send_counters SET count = greatest(count - 1, 0) WHERE org_id = $1::uuid AND month = $2::text`,
    [orgId, month()],
    "counter",
  );
}

export interface Outcome {
  status: "sent" | "failed";
  providerId?: string | null;
  providerName?: string | null;
  providerMessageId?: string | null;
  error?: string | null;
}

/** Records the outcome on the message and its audit entry, in one statement; returns sentAt. */
export async function finishMessage(id: string, o: Outcome, audit: AuditEntry): Promise<Date | null> {
  const rows = await rawQuery<{ sent_at: Date | null }>(
    `WITH done AS (
       UPDATE messages SET status = $2::text, provider_id = $3::uuid, provider_name = $4::text, provider_message_id = $5::text,
         error = $6::text, sent_at = CASE WHEN $2::text = 'sent' THEN now() ELSE NULL END
       WHERE id = $1::uuid
       RETURNING sent_at),
     logged AS (
       INSERT INTO audit_logs (id, org_id, project_id, actor_type, actor_id, action, target_type, target_id, send_mode,
         recipient_count, outcome, metadata)
       VALUES (gen_random_uuid(), $7::uuid, $8::uuid, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text,
         $15::int, $16::text, $17::jsonb))
     SELECT sent_at FROM done`,
    [id, o.status, o.providerId ?? null, o.providerName ?? null, o.providerMessageId ?? null, o.error ?? null,
      audit.orgId, audit.projectId ?? null, audit.actorType, audit.actorId ?? null, audit.action, audit.targetType ?? null,
      audit.targetId ?? null, audit.sendMode ?? null, audit.recipientCount ?? null, audit.outcome ?? "success",
      JSON.stringify(audit.metadata ?? {})],
  );
  return rows[0]?.sent_at ?? null;
}
