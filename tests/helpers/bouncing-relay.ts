// An SMTP relay (the organization's smtp provider) that accepts every message and then, as a
// real MTA does when its final delivery fails or is delayed, composes an RFC 3464 delivery status
// notification and delivers it over SMTP, from the null sender, to the return path it was given.
import nodemailer from "nodemailer";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "./smtp-sink";
import { SINK_PASSWORD, SINK_USER } from "./test-secrets";

export interface Outcome {
  action: "failed" | "delayed";
  status: string;
  diagnostic: string;
}

export interface BouncingRelay extends SmtpSink {
  /** What the relay's final delivery to each recipient does (unlisted: delivered, nothing reported). */
  outcomes: Map<string, Outcome>;
  /** Recipients the relay itself refuses at RCPT TO, with the reply code. */
  refuse: Record<string, number>;
  /** Where reports go: the inbound listener's port. */
  reportTo: { port: number };
  /** The reports it delivered, as sent, with their envelope. */
  reports: { to: string; raw: Buffer }[];
}

const CRLF = (s: string) => s.replace(/\r?\n/g, "\r\n");

/** The DSN a Postfix relay writes for `recipient` of `mail`. */
export function composeDsn(mail: ReceivedMail, recipient: string, o: Outcome, id: string): Buffer {
  const headers = mail.raw.toString("utf8").split(/\r?\n\r?\n/)[0];
  const failed = o.action === "failed";
  return Buffer.from(
    CRLF(`From: MAILER-DAEMON@relay.test (Mail Delivery System)
To: ${mail.mailFrom}
Subject: ${failed ? "Undelivered Mail Returned to Sender" : "Delayed Mail (still being retried)"}
Date: ${new Date().toUTCString()}
Message-ID: <${id}@relay.test>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="${id}/relay.test"

This is a MIME-encapsulated message.

--${id}/relay.test
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host relay.test.

${failed ? "I'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients." : "THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE."}

<${recipient}>: ${o.diagnostic}

--${id}/relay.test
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.test
Arrival-Date: ${new Date().toUTCString()}

Final-Recipient: rfc822; ${recipient}
Original-Recipient: rfc822;${recipient}
Action: ${o.action}
Status: ${o.status}
Remote-MTA: dns; mx.example.org
Diagnostic-Code: smtp; ${o.diagnostic}

--${id}/relay.test
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

${headers}

--${id}/relay.test--
`),
  );
}

/** Sends a report to the listener on `port`, from the null sender, as an MTA does. */
export async function deliverReport({ port, to, raw }: { port: number; to: string[]; raw: Buffer }): Promise<void> {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail({ envelope: { from: "", to }, raw });
  } finally {
    transport.close();
  }
}

export async function startBouncingRelay(): Promise<BouncingRelay> {
  const outcomes = new Map<string, Outcome>();
  const reportTo = { port: 0 };
  const reports: { to: string; raw: Buffer }[] = [];
  const refuse: Record<string, number> = {};
  let n = 0;
  const sink = await startSmtpSink({
    username: SINK_USER,
    password: SINK_PASSWORD,
    refuse,
    onMessage(mail) {
      for (const recipient of mail.rcptTo) {
        const outcome = outcomes.get(recipient);
        if (!outcome) continue;
        const raw = composeDsn(mail, recipient, outcome, `dsn-${Date.now()}-${++n}`);
        deliverReport({ port: reportTo.port, to: [mail.mailFrom], raw })
          .then(() => reports.push({ to: mail.mailFrom, raw }))
          .catch((err) => console.error("the relay could not deliver its report", err));
      }
    },
  });
  return Object.assign(sink, { outcomes, refuse, reportTo, reports });
}
