// The raw RFC 5322 message for an OutgoingMessage, shared by every adapter that sends MIME
// (SMTP, SES raw) so the same message looks the same whichever provider carries it.
import MailComposer from "nodemailer/lib/mail-composer";
import type { Address, OutgoingMessage } from "@/lib/providers/adapter";

const toNodemailer = (a: Address) => ({ name: a.name ?? "", address: a.email });

export async function composeMime(message: OutgoingMessage): Promise<Buffer> {
  const composer = new MailComposer({
    // Bcc is left out on purpose: it belongs only in the envelope, never in the message
    // (nodemailer would strip the header anyway, but it should not even reach it).
    from: toNodemailer(message.from),
    to: message.to.map(toNodemailer),
    cc: message.cc.map(toNodemailer),
    replyTo: message.replyTo ? toNodemailer(message.replyTo) : undefined,
    subject: message.subject,
    messageId: message.messageId,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      content: a.content,
      contentType: a.contentType,
      cid: a.contentId,
      // Inline parts (cid: in the html) must not show up as downloads in mail clients.
      contentDisposition: a.contentId ? ("inline" as const) : ("attachment" as const),
    })),
    // Becomes a text/calendar; method=… alternative (what clients read as an invitation)
    // plus an invite.ics attachment for clients that ignore the alternative.
    icalEvent: message.calendar ? { method: message.calendar.method, content: message.calendar.content } : undefined,
    // Content only ever comes from Buffers and strings: never let a value be read as a path or URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return composer.compile().build();
}
