// One connection to an SMTP server, greeted, upgraded to TLS where it offers it and logged in,
// for one transaction or several: nodemailer's own SMTPConnection, the piece its transport is
// made of, driven as its transport drives it (log in only when the server offers AUTH; a close
// without an answer fails what is under way). Several transactions on one connection are how
// a message goes out with a return path per recipient (lib/bounces/verp-address.ts).
import { Readable } from "node:stream";
import SMTPConnection from "nodemailer/lib/smtp-connection";

export interface Envelope {
  from: string;
  to: string[];
}

/** nodemailer's error for a recipient refused at RCPT TO. */
export type RecipientRefusal = SMTPConnection.SMTPError & { recipient?: string };

/** A transaction that failed: `handedOver` once the whole message was written (the server may have it). */
export class TransactionFailure extends Error {
  constructor(
    readonly failure: unknown,
    readonly handedOver: boolean,
  ) {
    super("SMTP transaction failed", { cause: failure });
  }
}

export interface SmtpSession {
  /**
   * Sends `raw` to `envelope` in one transaction; answers the refusals of the recipients the
   * server refused while it took the others (nodemailer's errors, each naming its recipient).
   * Throws a TransactionFailure; the session is not used again after one.
   */
  send(envelope: Envelope, raw: Buffer): Promise<RecipientRefusal[]>;
  close(): void;
}

/** nodemailer's transport waits as long for an answer still under way when the server closes. */
const CLOSE_GRACE_MS = 1_000;

/** Opens the connection; throws nodemailer's error (its code, the reply's code and command) when it cannot. */
export async function openSession(options: SMTPConnection.Options, auth?: SMTPConnection.Credentials): Promise<SmtpSession> {
  const connection = new SMTPConnection(options);
  // An error, or the server closing, may come at any time: it fails whatever is under way.
  const lost = new Promise<never>((_, reject) => {
    connection.on("error", reject);
    connection.once("end", () => {
      const upgrading = (connection._socket as { upgrading?: boolean } | undefined)?.upgrading;
      const err = Object.assign(new Error("Connection closed unexpectedly"), upgrading ? { code: "ETLS" } : {});
      setTimeout(() => reject(err), CLOSE_GRACE_MS).unref();
    });
  });
  lost.catch(() => undefined);
  const step = <T = void>(start: (done: (err?: Error | null, value?: T) => void) => void): Promise<T> =>
    Promise.race([new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value as T)))), lost]);

  try {
    await step((done) => connection.connect(() => done()));
    if (auth && (connection as SMTPConnection & { allowsAuth?: boolean }).allowsAuth)
      await step((done) => connection.login(auth, (err) => done(err)));
  } catch (err) {
    connection.close();
    throw err;
  }
  return {
    async send(envelope, raw) {
      // SMTPConnection reads the message only once the server has said 354 to DATA, and writes
      // the final "." right after the last byte: once this stream has ended, the server may have it.
      let handedOver = false;
      const message = Readable.from([raw]).once("end", () => (handedOver = true));
      let info: SMTPConnection.SentMessageInfo;
      try {
        info = await step<SMTPConnection.SentMessageInfo>((done) => connection.send(envelope, message, (err, sent) => done(err, sent)));
      } catch (err) {
        throw new TransactionFailure(err, handedOver);
      }
      return ((info as { rejectedErrors?: RecipientRefusal[] }).rejectedErrors ?? []).filter((e) => e.recipient);
    },
    close: () => connection.close(),
  };
}
