// Evidence for an unconfirmed send (docs/sending.md): an event from the provider it is
// unconfirmed at that names the message by our Message-ID (a delivery, a bounce, an open: any
// event means the provider has it) confirms it as sent through that provider, with its
// email.sent event, and its reconciliation then has nothing left to do.
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { finishMessage } from "@/lib/email/message-store";
import { sentEvents } from "@/lib/email/reconcile-send";
import type { Provider } from "@/lib/generated/prisma/client";

export interface EvidenceRow {
  id: string;
  org_id: string;
  project_id: string | null;
  campaign_send_id: string | null;
  send_mode: string;
  message_id_header: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
}

/** `<id@host>` and `id@host` name the same Message-ID. */
const bare = (id: string) => id.trim().replace(/^<(.*)>$/, "$1");

/**
 * The unconfirmed messages of this provider that `ids` (the ids its events give) name by
 * Message-ID, each confirmed as sent now. Keyed by the bare Message-ID. Unconfirmed messages
 * are recent (they settle within SEND_RECONCILE_SECONDS), so the search stays on the last week.
 */
export async function confirmByEvidence(provider: Provider, ids: string[], evidence: string): Promise<Map<string, EvidenceRow>> {
  const candidates = [...new Set(ids.flatMap((id) => [`<${bare(id)}>`, bare(id)]))];
  if (candidates.length === 0) return new Map();
  const rows = await rawQuery<EvidenceRow>(
    Prisma.sql`SELECT id::text, org_id::text, project_id::text, campaign_send_id::text, send_mode, message_id_header, "to", cc, bcc, subject FROM messages
     WHERE org_id = ${provider.orgId}::uuid AND created_at > now() - interval '7 days' AND status = 'unconfirmed' AND provider_id = ${provider.id}::uuid
       AND message_id_header = ANY (${candidates}::text[])`,
  );
  const now = new Date();
  for (const m of rows) {
    await finishMessage(
      m.id,
      { status: "sent", providerId: provider.id, providerName: provider.name, providerMessageId: m.message_id_header },
      {
        orgId: m.org_id,
        projectId: m.project_id,
        actorType: "system",
        actorId: "reconcile",
        action: "email.send",
        sendMode: m.send_mode,
        recipientCount: m.to.length + m.cc.length + m.bcc.length,
        outcome: "sent",
        metadata: { subject: m.subject, messageId: m.id, provider: provider.name, evidence },
      },
      { events: sentEvents(m, provider.id, now) },
    );
  }
  return new Map(rows.map((r) => [bare(r.message_id_header), r]));
}
