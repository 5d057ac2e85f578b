// The SMTP submission listener (RFC 6409): applications that speak only SMTP send through
// Mailroom with an API key as the password. STARTTLS on the submission port, implicit TLS on
// the TLS port; AUTH PLAIN and LOGIN only once the connection is encrypted (a key must never
// cross the network in the clear), and nothing is accepted before AUTH. Each message is read
// with the size limit and sent as POST /api/v1/email/send sends it (submit-message.ts); a
// refusal becomes the SMTP reply a client understands (smtp-replies.ts).
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { listen, type SmtpListener } from "@/lib/smtp/listen";
import { readData } from "@/lib/smtp/read-data";
import { smtpError } from "@/lib/smtp/smtp-error";
import { perAddressLimit } from "@/lib/smtp/per-address-limit";
import type { TlsPair } from "@/lib/smtp/tls-files";
import { checkSubmissionKey, submitMessage } from "@/lib/submission/submit-message";
import { smtpReplyFor } from "@/lib/submission/smtp-replies";
import { log } from "@/lib/log";

export interface SubmissionListenerOptions {
  /** STARTTLS (587 in production). */
  port: number;
  /** Implicit TLS (465 in production); unset: none. */
  tlsPort?: number;
  host: string;
  /** The name the server greets with. */
  hostname: string;
  maxBytes: number;
  tls: TlsPair;
}

export interface SubmissionListener {
  port: number;
  tlsPort: number | null;
  close(): Promise<void>;
}

/** What AUTH leaves on the session: the key, presented again with each message. */
interface SubmissionUser {
  username: string;
  keyId: string;
  apiKey: string;
}

/** The send body's limit on recipients. */
const MAX_RECIPIENTS = 50;
/** Connections at once: each may hold a message of up to the size limit in memory. */
const MAX_CLIENTS = 16;

/** Connections at once from one address (perAddressLimit). */
const MAX_CLIENTS_PER_ADDRESS = 4;

/** Failed AUTH attempts a connection may make; the last one closes it. */
const MAX_FAILED_AUTHS = 3;
const failedAuths = new WeakMap<SMTPServerSession, number>();

const userOf = (session: SMTPServerSession) => session.user as SubmissionUser | undefined;

function submissionServer({ secure, hostname, maxBytes, tls }: { secure: boolean } & Omit<SubmissionListenerOptions, "port" | "host">) {
  const perAddress = perAddressLimit(MAX_CLIENTS_PER_ADDRESS);
  return new SMTPServer({
    name: hostname,
    banner: "Mailroom SMTP submission",
    secure,
    key: tls.key,
    cert: tls.cert,
    size: maxBytes,
    authMethods: ["PLAIN", "LOGIN"],
    authRequiredMessage: "5.7.0 Authentication required",
    allowInsecureAuth: false,
    maxClients: MAX_CLIENTS,
    logger: false,
    // smtp-server may advertise AUTH before TLS: the session's own list hides it until then.
    onConnect(session, callback) {
      const refused = perAddress.admit(session);
      if (refused) return callback(refused);
      session.disabledCommands = session.secure ? [] : ["AUTH"];
      callback();
    },
    onClose(session) {
      perAddress.release(session);
    },
    onSecure(_socket, session, callback) {
      session.disabledCommands = [];
      callback();
    },
    onAuth(auth, session, callback) {
      if (!session.secure) return callback(smtpError(538, "5.7.11 Encryption required: use STARTTLS first"));
      checkSubmissionKey(auth.password ?? "")
        .then((keyId) => callback(null, { user: { username: auth.username ?? "", keyId, apiKey: auth.password ?? "" } }))
        .catch((err: unknown) => {
          // A client guessing keys is hung up on (421 closes the connection).
          const failures = (failedAuths.get(session) ?? 0) + 1;
          failedAuths.set(session, failures);
          if (failures >= MAX_FAILED_AUTHS) return callback(smtpError(421, "4.7.0 Too many failed authentication attempts"));
          callback(smtpReplyFor(err));
        });
    },
    onMailFrom(_address, session, callback) {
      if (!userOf(session)) return callback(smtpError(530, "5.7.0 Authentication required"));
      callback();
    },
    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        return callback(smtpError(452, `4.5.3 Too many recipients (at most ${MAX_RECIPIENTS} a message)`));
      callback();
    },
    onData(stream, session, callback) {
      const user = userOf(session);
      readData(stream, maxBytes)
        .then(async (raw) => {
          if (raw === null) throw smtpError(552, `5.3.4 Message exceeds the size limit of ${maxBytes} bytes`);
          if (!user) throw smtpError(530, "5.7.0 Authentication required");
          const envelope = {
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          };
          const result = await submitMessage({ raw, envelope, apiKey: user.apiKey });
          log.info("message submitted over SMTP", { messageId: result.id, keyId: user.keyId, status: result.status });
          callback(null, `2.0.0 Accepted as ${result.id} (${result.status})`);
        })
        .catch((err: unknown) => callback(smtpReplyFor(err)));
    },
  });
}

export async function startSubmissionListener(opts: SubmissionListenerOptions): Promise<SubmissionListener> {
  const started: SmtpListener[] = [];
  try {
    for (const [secure, port] of [[false, opts.port], ...(opts.tlsPort === undefined ? [] : [[true, opts.tlsPort]])] as [
      boolean,
      number,
    ][]) {
      const server = submissionServer({ ...opts, secure });
      server.on("error", (err) => log.error("SMTP submission server error", { err }));
      started.push(await listen({ server, port, host: opts.host }));
    }
  } catch (err) {
    await Promise.all(started.map((s) => s.close()));
    throw err;
  }
  return {
    port: started[0].port,
    tlsPort: started[1]?.port ?? null,
    close: async () => void (await Promise.all(started.map((s) => s.close()))),
  };
}
