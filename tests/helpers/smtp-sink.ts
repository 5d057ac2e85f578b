// A real SMTP server on 127.0.0.1 that keeps what it is sent, for the SMTP adapter tests:
// the adapter talks to it exactly as it would to a relay, AUTH and envelope included.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(options: {
  username: string;
  password: string;
  /** Recipients the server refuses at RCPT TO, with the reply code to refuse them with. */
  refuse?: Record<string, number>;
  /** Called with each message once it is accepted (a relay that then reports on its delivery). */
  onMessage?: (mail: ReceivedMail) => void;
}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: false,
    // Plain-text AUTH is acceptable here only because nothing leaves the loopback interface.
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.username && auth.password === options.password) return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.[address.address];
      if (code) return callback(Object.assign(new Error(`Mailbox ${address.address} refused`), { responseCode: code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail = { mailFrom: mailFrom ? mailFrom.address : "", rcptTo: rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) };
        messages.push(mail);
        callback();
        options.onMessage?.(mail);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
