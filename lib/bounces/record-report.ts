// A report received at the bounce domain, recorded: the message and recipient it is about are
// the ones its signed return path was issued for (reported-recipients.ts). Each finding about
// that recipient becomes an event of the message's organization, published once (its dedupe
// key: message, recipient and kind) through publishEvents, which also suppresses hard
// bounces and complaints. A finding about anyone else is ignored: a forged report cannot
// suppress an address the return path was not issued to, nor reach another organization.
// Nothing is ever answered: a report that says nothing readable is dropped with a log line.
import { storable } from "@/lib/db/storable-text";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { parseReport } from "@/lib/bounces/parse-report";
import { reportedRecipients, type ReportedRecipient } from "@/lib/bounces/reported-recipients";
import type { Finding } from "@/lib/bounces/report";
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { log } from "@/lib/log";
import { bounceKey } from "@/lib/email/delivery-events";

function eventFor({ message: m, recipient }: ReportedRecipient, f: Finding): NewEvent | null {
  if (!f.recipients.includes(recipient)) return null;
  // Once per message, recipient and kind (deferred, complained, a soft bounce, a hard one),
  // whoever sends the report, whatever it calls itself and whatever status it gives: the same
  // bounce reported again, replayed, or restated with another code publishes nothing, so the
  // recipient a return path speaks for cannot inflate a message's counts.
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
    dedupeKey: bounceKey({ messageId: m.id, recipient, type: f.type, kind: f.bounceKind }),
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
  let reported = await reportedRecipients(bounceAddresses, domain, orgId);
  if (reported.length === 0 && report.originalReturnPath) reported = await reportedRecipients([report.originalReturnPath], domain, orgId);
  if (reported.length === 0) {
    log.info("report at the bounce domain names none of our messages; dropped", { form: report.form, messageId: email.messageId });
    return { published: 0 };
  }
  const events: NewEvent[] = [];
  for (const about of reported) {
    for (const f of report.findings) {
      const event = eventFor(about, f);
      if (!event)
        log.warn("report names an address its return path was not issued to; ignored", { messageId: about.message.id, form: report.form });
      else if (!events.some((e) => e.dedupeKey === event.dedupeKey)) events.push(event);
    }
  }
  const { published } = await publishEvents(events); // suppresses hard bounces and complaints too
  log.info("report at the bounce domain recorded", { form: report.form, findings: report.findings.length, published });
  return { published };
}
