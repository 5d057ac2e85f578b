// The inbound SMTP listener (smtp-server): accepts mail for the organizations' inbound domains,
// parses it (mailparser) and records it (lib/inbound/record-inbound.ts) before answering 250,
// so an accepted message is never lost; the rules then run as durable work. Recipients at
// unknown domains are refused at RCPT TO (we are no open relay), messages over the size limit
// with 552, unreadable ones with 554, and a failure to record with a temporary 451 so the
// sending server tries again later. STARTTLS is offered when a certificate is configured.
// Recipients at the bounce domain (BOUNCE_DOMAIN) are accepted only at a signed return path, and
// their mail is read as a bounce or complaint report (lib/bounces), never as inbound mail.
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { organizationsFor } from "@/lib/inbound/inbound-domains";
import { atBounceDomain, bounceDomain, splitRecipients } from "@/lib/bounces/verp-address";
import { reportedRecipients } from "@/lib/bounces/reported-recipients";
import { recordReport } from "@/lib/bounces/record-report";
import { parseMime } from "@/lib/inbound/parse-mime";
import { recordInbound } from "@/lib/inbound/record-inbound";
import { listen, type SmtpListener } from "@/lib/smtp/listen";
import { readData } from "@/lib/smtp/read-data";
import { perAddressLimit } from "@/lib/smtp/per-address-limit";
import { smtpError } from "@/lib/smtp/smtp-error";
import type { TlsPair } from "@/lib/smtp/tls-files";
import { log } from "@/lib/log";

export type { SmtpListener };

export interface SmtpListenerOptions {
  port: number;
  host?: string;
  /** The name the server greets with. */
  hostname: string;
  maxBytes: number;
  tls?: TlsPair;
}

const MAX_RECIPIENTS = 100;
/** Connections at once: each may hold a message of up to the size limit in memory. */
const MAX_CLIENTS = 32;

async function acceptMessage(raw: Buffer, session: SMTPServerSession): Promise<void> {
  const { domain, reports, mail: recipients } = splitRecipients(session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
  const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
  let email;
  try {
    email = await parseMime(raw, { to: recipients, from: mailFrom || null });
  } catch (err) {
    // A report is never answered with a refusal, which would make a report of its own.
    if (recipients.length === 0) return log.warn("unreadable report at the bounce domain; accepted and dropped", { size: raw.length });
    throw smtpError(554, `5.6.0 Message could not be parsed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300));
  }
  // Reports to the bounce domain are read as reports (lib/bounces), never recorded as inbound mail.
  if (domain && reports.length) await recordReport({ email: { ...email, envelopeTo: reports }, raw, bounceAddresses: reports, domain });
  if (recipients.length === 0) return;
  if (!email.headers.some((h) => h.name === "from")) throw smtpError(554, "5.6.0 Message has no From header (RFC 5322)");
  // Recipients at several organizations' domains: each organization gets its own copy.
  const owners = await organizationsFor(recipients);
  const byOrg = new Map<string, string[]>();
  for (const [address, orgId] of owners) byOrg.set(orgId, [...(byOrg.get(orgId) ?? []), address]);
  // Every domain was removed or paused since RCPT TO: say so rather than accept into nowhere.
  if (byOrg.size === 0) throw smtpError(451, "4.7.1 No recipient is accepted here any more, try again later");
  for (const [orgId, envelopeTo] of byOrg) {
    const recorded = await recordInbound({ orgId, source: "smtp", email: { ...email, envelopeTo } });
    if (!recorded) {
      log.warn("the instance's own mail came back for a domain its organization has not verified; not recorded", { orgId });
      continue;
    }
    log.info("inbound message received over SMTP", {
      inboundMessageId: recorded.id,
      orgId,
      duplicate: recorded.duplicate,
      size: raw.length,
    });
  }
}

/** Connections at once from one address (perAddressLimit). */
const MAX_CLIENTS_PER_ADDRESS = 4;
/** Recipients refused on one connection before it is closed (as Postfix's smtpd_hard_error_limit). */
const MAX_REFUSED_RECIPIENTS = 10;

export async function startSmtpListener(opts: SmtpListenerOptions): Promise<SmtpListener> {
  const perAddress = perAddressLimit(MAX_CLIENTS_PER_ADDRESS);
  const refused = new WeakMap<SMTPServerSession, number>();
  const server = new SMTPServer({
    name: opts.hostname,
    banner: "Mailroom inbound mail",
    size: opts.maxBytes,
    authOptional: true,
    disabledCommands: opts.tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
    maxClients: MAX_CLIENTS,
    logger: false,
    onConnect(session, callback) {
      callback(perAddress.admit(session) ?? undefined);
    },
    onClose(session) {
      perAddress.release(session);
    },
    async onRcptTo(address, session, callback) {
      // A client guessing addresses is told to go after a few: each guess costs a lookup.
      const refuse = (err: Error) => {
        const refusals = (refused.get(session) ?? 0) + 1;
        refused.set(session, refusals);
        callback(refusals > MAX_REFUSED_RECIPIENTS ? smtpError(421, "4.7.0 Too many refused recipients, closing connection") : err);
      };
      try {
        if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(smtpError(452, "4.5.3 Too many recipients"));
        const domain = bounceDomain();
        if (domain && atBounceDomain({ address: address.address, domain })) {
          // Only a return path we issued, to a recipient the message still names: anything else at the bounce domain is nobody's.
          if ((await reportedRecipients([address.address], domain)).length) return callback();
          return refuse(smtpError(550, "5.1.1 No such bounce address"));
        }
        const owners = await organizationsFor([address.address.toLowerCase()]);
        if (owners.size === 0) return refuse(smtpError(550, "5.7.1 Relaying denied: this server does not receive mail for that domain"));
        callback();
      } catch (err) {
        log.error("inbound SMTP recipient check failed", { err });
        callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
      }
    },
    onData(stream, session, callback) {
      readData(stream, opts.maxBytes)
        .then(async (raw) => {
          if (raw === null) throw smtpError(552, `5.3.4 Message exceeds the size limit of ${opts.maxBytes} bytes`);
          await acceptMessage(raw, session);
          callback();
        })
        .catch((err: Error & { responseCode?: number }) => {
          if (err.responseCode) return callback(err);
          log.error("inbound SMTP message could not be recorded", { err });
          callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
        });
    },
  });
  server.on("error", (err) => log.error("inbound SMTP server error", { err }));
  return listen({ server, port: opts.port, host: opts.host ?? "0.0.0.0" });
}
