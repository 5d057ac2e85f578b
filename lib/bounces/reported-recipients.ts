// Whom a report speaks for: each signed return path (verp-address.ts) names one of our messages
// and the one recipient it was issued to. Read from the addresses the report was sent to, else
// (a feedback report sent to another address) from the Return-Path of the original it includes.
// Nothing else names a recipient: a report naming others than the one its return path was
// issued to is about nobody.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { RECIPIENTS_OF } from "@/lib/email/message-recipients";
import { issuedTo, readVerpAddress, type ReturnPath } from "@/lib/bounces/verp-address";

/** The most return paths one report may be sent to: the rest are ignored. */
const MAX_RETURN_PATHS = 10;

export interface ReportedMessage {
  id: string;
  org_id: string;
  project_id: string | null;
  campaign_send_id: string | null;
  send_mode: string;
  provider_id: string | null;
  recipients: string[];
}

export interface ReportedRecipient {
  message: ReportedMessage;
  /** The recipient (lower-case) the return path was issued to. */
  recipient: string;
}

/**
 * The messages and recipients `addresses` (at the bounce domain `domain`) were issued for; only
 * `orgId`'s messages when the report came through that organization's own provider.
 */
export async function reportedRecipients(addresses: string[], domain: string, orgId?: string): Promise<ReportedRecipient[]> {
  const paths = addresses
    .map((address) => readVerpAddress({ address, domain }))
    .filter((p): p is ReturnPath => p !== null)
    .slice(0, MAX_RETURN_PATHS);
  if (paths.length === 0) return [];
  const ofOrg = orgId ? Prisma.sql`AND m.org_id = ${orgId}::uuid` : Prisma.empty;
  const rows = await rawQuery<ReportedMessage>(Prisma.sql`SELECT m.id::text, m.org_id::text, m.project_id::text,
      m.campaign_send_id::text, m.send_mode, p.id::text AS provider_id, ARRAY(${RECIPIENTS_OF("m")}) AS recipients
    FROM messages m LEFT JOIN providers p ON p.id = m.provider_id AND p.org_id = m.org_id
    WHERE m.id = ANY (${paths.map((p) => p.messageId)}::uuid[]) ${ofOrg}`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = new Map<string, ReportedRecipient>();
  for (const path of paths) {
    const message = byId.get(path.messageId);
    const recipient = message && issuedTo(path, message.recipients);
    if (message && recipient) found.set(`${message.id} ${recipient}`, { message, recipient });
  }
  return [...found.values()];
}
