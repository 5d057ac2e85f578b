// The message record, written in as few statements as the send path allows: the allowance
// check-and-count and the insert are one statement; the outcome and its audit entry another.
import { db } from "@/lib/db/client";
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
 * Counts one send against the month's allowance and records the message as queued, in one
 * statement: the message exists only if the count moved. Null when the allowance is used up.
 */
export async function insertQueuedMessage(
  org: { plan: string; monthlySendAllowance: number | null },
  m: NewMessage,
): Promise<string | null> {
  const allowance = monthlyAllowance(org) ?? 2_147_483_647;
  if (allowance <= 0) return null;
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH counted AS (
      INSERT INTO send_counters (org_id, month, count) VALUES (${m.orgId}::uuid, ${month()}, 1)
      ON CONFLICT (org_id, month) DO UPDATE SET count = send_counters.count + 1
      WHERE send_counters.count < ${allowance}
      RETURNING count)
    INSERT INTO messages (id, org_id, project_id, api_key_id, user_id, from_address, "to", cc, bcc, subject,
      email_type, priority, status, send_mode, message_id_header, metadata)
    SELECT gen_random_uuid(), ${m.orgId}::uuid, ${m.projectId}::uuid, ${m.apiKeyId}::uuid, ${m.userId}::uuid, ${m.fromAddress},
      ${m.to}::text[], ${m.cc}::text[], ${m.bcc}::text[], ${m.subject}, ${m.emailType}, ${m.priority}, 'queued',
      ${m.sendMode}, ${m.messageIdHeader}, ${JSON.stringify(m.metadata)}::jsonb
    FROM counted
    RETURNING id::text`;
  return rows[0]?.id ?? null;
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
  const rows = await db().$queryRaw<{ sent_at: Date | null }[]>`
    WITH done AS (
      UPDATE messages SET status = ${o.status}, provider_id = ${o.providerId ?? null}::uuid, provider_name = ${o.providerName ?? null},
        provider_message_id = ${o.providerMessageId ?? null}, error = ${o.error ?? null},
        sent_at = CASE WHEN ${o.status} = 'sent' THEN now() ELSE NULL END
      WHERE id = ${id}::uuid
      RETURNING sent_at),
    logged AS (
      INSERT INTO audit_logs (id, org_id, project_id, actor_type, actor_id, action, target_type, target_id, send_mode,
        recipient_count, outcome, metadata)
      VALUES (gen_random_uuid(), ${audit.orgId}::uuid, ${audit.projectId ?? null}::uuid, ${audit.actorType}, ${audit.actorId ?? null},
        ${audit.action}, ${audit.targetType ?? null}, ${audit.targetId ?? null}, ${audit.sendMode ?? null},
        ${audit.recipientCount ?? null}, ${audit.outcome ?? "success"}, ${JSON.stringify(audit.metadata ?? {})}::jsonb))
    SELECT sent_at FROM done`;
  return rows[0]?.sent_at ?? null;
}
