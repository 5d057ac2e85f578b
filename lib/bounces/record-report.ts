// A report received at the bounce domain, recorded: the message it is about is the one its
// signed return path names (verp-address.ts) or, for a report sent elsewhere than the return
// path, the one whose Message-ID the included original carries, among messages sent through an
// smtp provider. Each finding whose address is one of that message's recipients becomes an event
// of the message's organization, published once (its dedupe key: message, recipient, type and
// status) through publishEvents, which also suppresses hard bounces and
// complaints. A finding about anyone else is ignored: a forged report cannot suppress an address
// the message was never sent to, nor reach another organization. Nothing is ever answered: a
// report that says nothing readable is dropped with a log line.
import { rawQuery } from "@/lib/db/raw-query";
import { storable } from "@/lib/db/storable-text";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { parseReport } from "@/lib/bounces/parse-report";
import { readVerpAddress } from "@/lib/bounces/verp-address";
import { statusOf, type Finding } from "@/lib/bounces/report";
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { log } from "@/lib/log";
import { dedupeDigest } from "@/lib/events/dedupe-digest";

/** The most messages one report may be about (one per signed address it was sent to). */
const MAX_MESSAGES = 10;

interface MessageRow {
  id: string;
  org_id: string;
  project_id: string | null;
  campaign_send_id: string | null;
  send_mode: string;
  provider_id: string | null;
  recipients: string[];
}

const COLUMNS = Prisma.sql`m.id::text, m.org_id::text, m.project_id::text, m.campaign_send_id::text, m.send_mode, p.id::text AS provider_id,
  ARRAY(SELECT lower(r) FROM unnest(m."to" || m.cc || m.bcc) r) AS recipients`;

/**
 * Our messages by id (signed return paths: made only by the smtp adapter), else by the
 * original's Message-ID among those an smtp provider sent; only `orgId`'s when the report came
 * through that organization's own provider.
 */
async function messagesFor(ids: string[], messageIdHeader: string | null, orgId: string | undefined): Promise<MessageRow[]> {
  const ofOrg = orgId ? Prisma.sql`AND m.org_id = ${orgId}::uuid` : Prisma.empty;
  if (ids.length) {
    const rows = await rawQuery<MessageRow>(Prisma.sql`SELECT ${COLUMNS} FROM messages m
      LEFT JOIN providers p ON p.id = m.provider_id AND p.org_id = m.org_id WHERE m.id = ANY (${ids}::uuid[]) ${ofOrg}`);
    if (rows.length) return rows;
  }
  if (!messageIdHeader) return [];
  // provider_message_id is indexed, and is the Message-ID header for every message an smtp provider sent.
  const rows =
    await rawQuery<MessageRow>(Prisma.sql`SELECT ${COLUMNS} FROM messages m JOIN providers p ON p.id = m.provider_id AND p.org_id = m.org_id
    WHERE m.provider_message_id = ${messageIdHeader} AND m.message_id_header = ${messageIdHeader} AND p.type = 'smtp' ${ofOrg} LIMIT 2`);
  // Message-IDs are ours and unique; two messages with one would make the report ambiguous.
  return rows.length === 1 ? rows : [];
}

function eventFor(m: MessageRow, f: Finding): NewEvent | null {
  const recipient = f.recipients.find((r) => m.recipients.includes(r));
  if (!recipient) return null;
  // Once per recipient, type and status, whoever sends the report and whatever it calls itself:
  // the same bounce reported again (or replayed with another Message-ID) publishes nothing.
  const key = dedupeDigest(`${recipient}|${f.type}|${statusOf(f.reason ?? "")?.code ?? ""}`);
  return {
    orgId: m.org_id,
    projectId: m.project_id,
    messageId: m.id,
    campaignSendId: m.campaign_send_id,
    type: f.type,
    recipient,
    sendMode: m.send_mode,
    occurredAt: new Date(),
    reason: f.reason || null,
    source: "provider",
    providerId: m.provider_id,
    dedupeKey: `bounce:${m.id}:${key}`,
    bounceKind: f.bounceKind,
  };
}

/**
 * Records the report `email` received for `bounceAddresses` (its recipients at `domain`, the
 * bounce domain). Answers how many events were new.
 */
export async function recordReport({
  email: received,
  raw,
  bounceAddresses,
  domain,
  orgId,
}: {
  email: InboundEmail;
  /** The report as received, when there is one (SMTP). */
  raw?: Buffer;
  bounceAddresses: string[];
  domain: string;
  /** The organization whose provider posted the report: only its messages can be named. */
  orgId?: string;
}): Promise<{ published: number }> {
  const email = storable(received);
  const report = parseReport(email, raw);
  if (report.findings.length === 0) {
    log.info("report at the bounce domain not recognised; dropped", { messageId: email.messageId, size: email.size });
    return { published: 0 };
  }
  const ids = [
    ...new Set(bounceAddresses.map((address) => readVerpAddress({ address, domain })).filter((id): id is string => id !== null)),
  ];
  const messages = await messagesFor(ids.slice(0, MAX_MESSAGES), report.originalMessageId, orgId);
  if (messages.length === 0) {
    log.info("report at the bounce domain names none of our messages; dropped", { form: report.form, messageId: email.messageId });
    return { published: 0 };
  }
  const events: NewEvent[] = [];
  for (const m of messages) {
    for (const f of report.findings) {
      const event = eventFor(m, f);
      if (event) events.push(event);
      else log.warn("report names an address the message was not sent to; ignored", { messageId: m.id, form: report.form });
    }
  }
  const { published } = await publishEvents(events); // suppresses hard bounces and complaints too
  log.info("report at the bounce domain recorded", { form: report.form, findings: report.findings.length, published });
  return { published };
}
