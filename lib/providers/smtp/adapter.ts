// Any SMTP server (a relay, a self-hosted MTA, a provider's SMTP endpoint) through nodemailer.
// One connection per call, closed afterwards: sends are rare enough per provider that a pool
// would mostly hold idle sockets open against servers that drop them anyway. With BOUNCE_DOMAIN
// set, a message goes out in one transaction per recipient on that connection, each with the
// recipient's own return path, so a report can only ever speak for the recipient it came back
// for. Recipients the server refuses while it takes the message for others are answered as
// refused (SendResult.refused): the send path records them as bounces.
import { isIP } from "node:net";
import { getSystemErrorName } from "node:util";
import DKIM from "nodemailer/lib/dkim";
import {
  adapterSettings,
  ambiguousFailure,
  ProviderError,
  type DkimKey,
  type RefusedRecipient,
  type OutgoingMessage,
  type ProviderAdapter,
} from "@/lib/providers/adapter";
import { composeMime } from "@/lib/providers/mime";
import { resolvePublicAddress, type OutboundPolicy } from "@/lib/net/outbound-policy";
import { connectionFailure } from "@/lib/providers/connection-failure";
import { providerPolicy } from "@/lib/providers/provider-policy";
import { smtpFields, type SmtpConfig } from "@/lib/providers/smtp/fields";
import { bounceDomain, verpAddress } from "@/lib/bounces/verp-address";
import { openSession, TransactionFailure, type Envelope, type SmtpSession } from "@/lib/providers/smtp/smtp-session";
import { log } from "@/lib/log";

const TIMEOUT_MS = 10_000;

/**
 * A connection to the relay at an address the outbound address policy checked: the host is
 * resolved here (the one lookup nodemailer would have made itself) and every answer checked,
 * then nodemailer connects to that very address, with the name kept for TLS (SNI and the
 * certificate check), so DNS rebinding cannot turn an accepted name into a private address.
 */
async function connect(config: SmtpConfig, policy: OutboundPolicy): Promise<SmtpSession> {
  let address: string;
  try {
    address = await resolvePublicAddress(config.host, policy);
  } catch (err) {
    throw new ProviderError(`SMTP: could not connect to ${config.host}: ${connectionFailure(err, TIMEOUT_MS)}`, true, undefined, {
      cause: err,
    });
  }
  try {
    return await openSession(
      {
        host: address,
        ...(isIP(config.host) ? {} : { servername: config.host }),
        port: config.port,
        secure: config.secure ?? config.port === 465,
        requireTLS: config.requireTls,
        name: config.name,
        tls: { rejectUnauthorized: config.rejectUnauthorized },
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
        logger: false,
      },
      config.username !== undefined ? { user: config.username, pass: config.password ?? "" } : undefined,
    );
  } catch (err) {
    // Nothing was handed over yet: every failure here reads as the provider's.
    throw toProviderError(err);
  }
}

interface SmtpFailure {
  message?: string;
  code?: string;
  errno?: number;
  responseCode?: number;
  command?: string;
  /** The server's reply, read here for its codes only. */
  response?: string;
}

/**
 * Whether a permanent refusal at RCPT TO is about the mailbox itself: by the reply's enhanced
 * status (RFC 3463: 5.1.x, a bad address or mailbox; 5.2.1, disabled), else, from a server that
 * sends none, by its basic code (550, 551, 553). A quota, a policy or the sender refused there
 * (5.7.x, 5.4.x, 5.3.x…, as Postfix reports a refused sender at RCPT TO) is about the relay.
 */
function mailboxRefused(e: SmtpFailure): boolean {
  if ((e.responseCode ?? 0) < 500) return false;
  const enhanced = /^\d{3}[ -]([245])\.(\d{1,3})\.(\d{1,3})\b/.exec(e.response ?? "");
  if (enhanced) return enhanced[1] === "5" && (enhanced[2] === "1" || (enhanced[2] === "2" && enhanced[3] === "1"));
  return [550, 551, 553].includes(e.responseCode ?? 0);
}

/** What refused what, by nodemailer's error code. */
const REFUSALS: Record<string, string> = {
  EAUTH: "the server refused the login",
  EENVELOPE: "the server refused the sender or a recipient",
  EMESSAGE: "the server refused the message",
};

/**
 * The failure in our words: nodemailer's code, the reply's numeric code and the command it
 * answered, never the reply's text (the relay is chosen by the tenant, and whatever it says
 * reaches the tenant: docs/security.md). nodemailer replaces a socket error's code with its
 * own (ESOCKET), so the system error's name is read back from errno.
 */
function describeFailure(e: SmtpFailure): string {
  if (e.responseCode !== undefined)
    return `${REFUSALS[e.code ?? ""] ?? "the server refused"} (${e.responseCode}${e.command ? ` to ${e.command}` : ""})`;
  switch (e.code) {
    case "ETIMEDOUT":
      return `no answer within ${TIMEOUT_MS / 1000} s`;
    case "ETLS":
      return "STARTTLS failed";
    case "EPROTOCOL":
      return "the server's reply is not SMTP";
    case "EAUTH":
      return "the login failed";
    case "EENVELOPE":
      return "the envelope was refused before sending";
  }
  const system = typeof e.errno === "number" && e.errno < 0 ? getSystemErrorName(e.errno) : undefined;
  if (system) return connectionFailure({ code: system }, TIMEOUT_MS);
  if (/certificate|ssl|tls/i.test(e.message ?? "")) return "the TLS handshake failed";
  if (/closed/i.test(e.message ?? "")) return "the connection was closed";
  return `the connection failed (${e.code ?? "unknown"})`;
}

// Only a refusal of this message (its recipients or content) stops failover: a permanent 5xx
// about the mailbox at RCPT TO (mailboxRefused) or in the data phase, or nodemailer refusing the
// envelope itself. Everything about reaching the server (network, TLS, timeouts, 4xx, AUTH, a
// 5xx greeting) is the provider's problem and another provider may well succeed; so is a
// refusal of the envelope sender, at MAIL FROM or at RCPT TO (a quota, or a relay that sends
// only from its account's own address, as some refuse a return path at the bounce domain). A
// failure without a reply once the whole message was written (`handedOver`: a timeout or a
// dropped connection while waiting for the answer to the end of DATA) is ambiguous: the server
// may have queued it.
function toProviderError(err: unknown, handedOver = false): ProviderError {
  const e = (err ?? {}) as SmtpFailure;
  if (handedOver && e.responseCode === undefined) {
    return ambiguousFailure(`SMTP: no reply after the message was sent (${describeFailure(e)}); the server may have accepted it`, err);
  }
  const aboutMessage =
    e.code === "EMESSAGE" || (e.code === "EENVELOPE" && (e.command === "RCPT TO" ? mailboxRefused(e) : e.command !== "MAIL FROM"));
  const permanent = e.responseCode === undefined || e.responseCode >= 500;
  return new ProviderError(`SMTP: ${describeFailure(e)}`, !(aboutMessage && permanent), undefined, { cause: err });
}

/**
 * A verified sending domain's key signs the message (DKIM, relaxed/relaxed over the headers
 * nodemailer's signer picks), before the connection: signing while streaming would read the
 * whole message before the envelope, and hide when it was really handed over.
 */
async function signed(raw: Buffer, dkim: DkimKey | undefined): Promise<Buffer> {
  if (!dkim) return raw;
  const chunks: Buffer[] = [];
  for await (const chunk of new DKIM(dkim).sign(raw)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The envelopes: with BOUNCE_DOMAIN set, one per recipient, from a return path of that
 * recipient's own at it, so the relay's bounces and feedback reports come back to the inbound
 * listener naming the message and the recipient (lib/bounces); else one, from the From address,
 * to every recipient (bcc recipients are only here). The From header is the same either way.
 */
function envelopesOf(message: OutgoingMessage): Envelope[] {
  const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email);
  const domain = bounceDomain();
  if (!domain || !message.recordId) return [{ from: message.from.email, to: recipients }];
  const messageId = message.recordId;
  const seen = new Set<string>();
  const once = recipients.filter((r) => !seen.has(r.toLowerCase()) && seen.add(r.toLowerCase()));
  return once.map((recipient) => ({ from: verpAddress({ messageId, recipient, domain }), to: [recipient] }));
}

/** What the server's refusal of `email` at RCPT TO records: a bounce of that recipient. */
function refusalOf(e: SmtpFailure, email: string): RefusedRecipient {
  return { email, reason: `SMTP: ${describeFailure(e)}`, permanent: mailboxRefused(e) };
}

/**
 * Sends `raw` in each envelope's transaction, on one connection while it serves. One envelope
 * is the whole message: its failure is the message's, as always. Of several (one per
 * recipient):
 * - the server refusing a recipient at RCPT TO is about that recipient only: it is recorded as
 *   bounced (hard when about the mailbox, mailboxRefused; else soft) and the others go on;
 *   when every recipient was refused, the message is (and may fail over when a refusal was
 *   temporary or about the relay);
 * - a transaction ended without an answer may have reached its recipient: it counts as handed
 *   over, and a message only such recipients may have is unconfirmed;
 * - any other failure (the connection, the sender or the content refused) before any recipient
 *   has the message is the provider's, or the message's, as for one envelope; after, the
 *   recipients left are recorded as soft bounces rather than sent again through another
 *   provider, which would give the others a second copy. Nothing about them is suppressed.
 */
async function sendEnvelopes(config: SmtpConfig, policy: OutboundPolicy, envelopes: Envelope[], raw: Buffer): Promise<RefusedRecipient[]> {
  let session: SmtpSession | null = null;
  const refused: RefusedRecipient[] = [];
  const recipientRefusals: ProviderError[] = [];
  let handed = 0;
  let unanswered: ProviderError | null = null;
  try {
    for (const [i, envelope] of envelopes.entries()) {
      let failure: ProviderError;
      let reply: SmtpFailure | null = null;
      try {
        session ??= await connect(config, policy);
        refused.push(...(await session.send(envelope, raw)).map((e) => refusalOf(e, e.recipient!)));
        handed++;
        continue;
      } catch (err) {
        reply = err instanceof TransactionFailure ? ((err.failure ?? {}) as SmtpFailure) : null;
        failure = err instanceof TransactionFailure ? toProviderError(err.failure, err.handedOver) : (err as ProviderError);
        session?.close();
        session = null;
      }
      if (envelopes.length === 1) throw failure;
      if (reply?.command === "RCPT TO" && reply.responseCode !== undefined) {
        recipientRefusals.push(failure);
        refused.push(...envelope.to.map((email) => refusalOf(reply!, email)));
      } else if (failure.ambiguous) {
        log.warn("SMTP: no answer after one recipient's transaction; the server may have it", { reason: failure.message });
        unanswered ??= failure;
      } else if (handed === 0 && !unanswered) {
        throw failure;
      } else {
        const left = envelopes.slice(i).flatMap((e) => e.to);
        refused.push(...left.map((email) => ({ email, reason: `${failure.message}; not sent again`, permanent: false })));
        break;
      }
    }
  } finally {
    session?.close();
  }
  // Unconfirmed, but the refusals are certain: they are recorded all the same.
  if (handed === 0 && unanswered) throw refused.length ? ambiguousFailure(unanswered.message, unanswered.cause, refused) : unanswered;
  if (handed === 0) throw recipientRefusals.find((f) => f.retryable) ?? recipientRefusals[0];
  return refused;
}

export const smtpAdapter: ProviderAdapter<SmtpConfig> = {
  ...adapterSettings(smtpFields),
  capabilities: {
    attachments: true,
    customHeaders: true,
    scheduling: false,
    tracking: false,
    inbound: false,
    batch: false,
    maxMessageBytes: 25 * 1024 * 1024,
  },
  async send(config, message, policy = providerPolicy()) {
    const raw = await signed(await composeMime(message), message.dkim);
    const refused = await sendEnvelopes(config, policy, envelopesOf(message), raw);
    // The Message-ID in the headers is ours, and it is what bounces and replies will refer to.
    return { providerMessageId: message.messageId, ...(refused.length ? { refused } : {}) };
  },
  async test(config, policy = providerPolicy()) {
    // Connected, greeted, upgraded and logged in: no envelope is ever sent, so every failure reads as retryable.
    (await connect(config, policy)).close();
    return { message: `Connected to ${config.host}:${config.port}` };
  },
};
