// Any SMTP server (a relay, a self-hosted MTA, a provider's SMTP endpoint) through nodemailer.
// One connection per call, closed afterwards: sends are rare enough per provider that a pool
// would mostly hold idle sockets open against servers that drop them anyway.
import { Readable } from "node:stream";
import nodemailer from "nodemailer";
import DKIM from "nodemailer/lib/dkim";
import { z } from "zod";
import { ambiguousFailure, ProviderError, type DkimKey, type ProviderAdapter } from "@/lib/providers/adapter";
import { composeMime } from "@/lib/providers/mime";

const configSchema = z
  .object({
    host: z.string().trim().min(1),
    port: z.number().int().min(1).max(65535).default(587),
    /** Implicit TLS from the first byte; left unset, it follows the port (465 yes, others STARTTLS). */
    secure: z.boolean().optional(),
    username: z.string().min(1).optional(),
    password: z.string().min(1).optional(),
    /** Refuse to send when the server does not offer STARTTLS (otherwise TLS is opportunistic). */
    requireTls: z.boolean().default(false),
    rejectUnauthorized: z.boolean().default(true),
    /** The EHLO name; some relays only accept a known one. */
    name: z.string().trim().min(1).optional(),
  })
  .strict()
  .refine((c) => (c.username === undefined) === (c.password === undefined), {
    message: "username and password go together",
    path: ["password"],
  });

type SmtpConfig = z.infer<typeof configSchema>;

const TIMEOUT_MS = 10_000;

function createTransport(config: SmtpConfig) {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? config.port === 465,
    requireTLS: config.requireTls,
    auth: config.username !== undefined ? { user: config.username, pass: config.password } : undefined,
    name: config.name,
    tls: { rejectUnauthorized: config.rejectUnauthorized },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    logger: false,
  });
}

interface SmtpFailure {
  message?: string;
  code?: string;
  responseCode?: number;
}

// Only a refusal of this message (its sender, recipients or content) stops failover: a
// permanent 5xx in the envelope or data phase, or nodemailer refusing the envelope itself.
// Everything about reaching the server (network, TLS, timeouts, 4xx, AUTH, a 5xx greeting)
// is the provider's problem and another provider may well succeed. A failure without a reply
// once the whole message was written (`handedOver`: a timeout or a dropped connection while
// waiting for the answer to the end of DATA) is ambiguous: the server may have queued it.
function toProviderError(err: unknown, handedOver = false): ProviderError {
  const e = (err ?? {}) as SmtpFailure;
  if (handedOver && e.responseCode === undefined) {
    return ambiguousFailure(`SMTP: no reply after the message was sent (${e.message ?? String(err)}); the server may have accepted it`, err);
  }
  const aboutMessage = e.code === "EENVELOPE" || e.code === "EMESSAGE";
  const permanent = e.responseCode === undefined || e.responseCode >= 500;
  return new ProviderError(`SMTP: ${e.message ?? String(err)}`, !(aboutMessage && permanent));
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

export const smtpAdapter: ProviderAdapter<SmtpConfig> = {
  type: "smtp",
  label: "SMTP",
  configSchema,
  secretFields: ["password"],
  capabilities: { attachments: true, customHeaders: true, scheduling: false, tracking: false, inbound: false, batch: false, maxMessageBytes: 25 * 1024 * 1024 },
  async send(config, message) {
    const raw = await signed(await composeMime(message), message.dkim);
    const transport = createTransport(config);
    // nodemailer reads the message only once the server has said 354 to DATA, and writes the
    // final "." right after the last byte: once this stream has ended, the server may have it.
    let handedOver = false;
    const stream = Readable.from([raw]).once("end", () => (handedOver = true));
    try {
      // The envelope is what the server delivers to: bcc recipients are only here.
      const recipients = [...message.to, ...message.cc, ...message.bcc].map((a) => a.email);
      await transport.sendMail({ envelope: { from: message.from.email, to: recipients }, raw: stream });
      // Given a raw message nodemailer reports a Message-ID of its own invention; the one in
      // the headers is ours, and it is what bounces and replies will refer to.
      return { providerMessageId: message.messageId };
    } catch (err) {
      throw toProviderError(err, handedOver);
    } finally {
      transport.close();
    }
  },
  async test(config) {
    const transport = createTransport(config);
    try {
      await transport.verify();
      return { message: `Connected to ${config.host}:${config.port}` };
    } catch (err) {
      // verify() never reaches the envelope, so every failure here reads as retryable.
      throw toProviderError(err);
    } finally {
      transport.close();
    }
  },
};
