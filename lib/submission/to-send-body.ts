// A message submitted over SMTP (its MIME and its envelope) as the body POST /api/v1/email/send
// takes, so it goes through the same checks and the same send. The envelope decides who gets
// it: To and Cc keep the header's addresses that are envelope recipients, every other envelope
// recipient is a Bcc (never shown). Attachments are kept, with their Content-ID so html's cid:
// links still show the inline images. Custom headers are kept when the send API would accept
// them (not the ones the pipeline writes or that say who sent the message).
import type { AddressObject, ParsedMail } from "mailparser";
import { HeaderTooLargeError, parseMail } from "@/lib/smtp/parse-mail";
import { HEADER_NAME } from "@/lib/email/address";
import { MAX_CUSTOM_HEADERS, reservedHeaderProblem, v1SendEmailSchema } from "@/lib/email/schemas";
import { validationError } from "@/lib/errors/app-error";
import { assertStorable } from "@/lib/http/parse-input";
import type { SendBody } from "@/lib/email/send-or-schedule";
import { smtpError } from "@/lib/smtp/smtp-error";

export interface SubmissionEnvelope {
  mailFrom: string | null;
  rcptTo: string[];
}

interface Mailbox {
  address: string;
  name: string;
}

const MAX_HEADER_BYTES = 16 * 1024;

function mailboxes(value: AddressObject | AddressObject[] | undefined): Mailbox[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const flat = objects.flatMap((o) => o.value).flatMap((a) => (a.group ? a.group : [a]));
  return flat.filter((a) => a.address).map((a) => ({ address: a.address!, name: a.name ?? "" }));
}

/** "Name <a@b.co>", or the bare address when the name cannot be written so. */
const written = ({ address, name }: Mailbox) => (name && !/["<>\r\n]/.test(name) ? `${name} <${address}>` : address);

/** The header's mailboxes that are envelope recipients, each once; they leave `remaining`. */
function recipientsIn(header: Mailbox[], remaining: Set<string>): string[] {
  const out: string[] = [];
  for (const mailbox of header) {
    const key = mailbox.address.toLowerCase();
    if (!remaining.delete(key)) continue;
    out.push(written(mailbox));
  }
  return out;
}

/** The message's own headers the send API would let a caller set, unfolded, first of each name. */
function customHeaders(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  let bytes = 0;
  for (const { line } of parsed.headerLines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim();
    const value = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    if (colon < 1 || !HEADER_NAME.test(name) || reservedHeaderProblem(name)) continue;
    // The MIME structure is rebuilt by the provider: its own headers describe the old one.
    if (/^content-/i.test(name) || /[\r\n\0]/.test(value) || value.length > 998) continue;
    if (Object.keys(headers).some((h) => h.toLowerCase() === name.toLowerCase())) continue;
    if (Object.keys(headers).length >= MAX_CUSTOM_HEADERS || bytes + name.length + value.length > MAX_HEADER_BYTES) break;
    headers[name] = value;
    bytes += name.length + value.length;
  }
  return headers;
}

function attachments(parsed: ParsedMail) {
  return parsed.attachments.map((a, i) => ({
    filename: (a.filename ?? `attachment-${i + 1}`).replace(/[\r\n\0/\\]/g, "_").slice(0, 255) || `attachment-${i + 1}`,
    content: a.content.toString("base64"),
    contentType: /^[\w.+-]+\/[\w.+-]+$/.test(a.contentType) ? a.contentType.toLowerCase() : "application/octet-stream",
    ...(a.cid && /^[^\s<>]{1,200}$/.test(a.cid) ? { contentId: a.cid } : {}),
  }));
}

/** The send body for this message; a message that cannot be one throws (a 554 or VALIDATION_ERROR). */
export async function toSendBody({ raw, envelope }: { raw: Buffer; envelope: SubmissionEnvelope }): Promise<SendBody> {
  let parsed: ParsedMail;
  try {
    parsed = await parseMail(raw);
  } catch (err) {
    if (err instanceof HeaderTooLargeError) throw smtpError(552, `5.3.4 Message refused: ${err.message}`);
    throw smtpError(554, "5.6.0 The message could not be parsed as MIME");
  }
  const remaining = new Set(envelope.rcptTo.map((r) => r.toLowerCase()));
  let to = recipientsIn(mailboxes(parsed.to), remaining);
  let cc = recipientsIn(mailboxes(parsed.cc), remaining);
  const bcc = [...remaining];
  // A message needs a To. The first Cc moves up; a lone envelope recipient is its own To. Several
  // recipients named by no header (all Bcc) cannot be sent as one message without showing them.
  if (to.length === 0 && cc.length) [to, cc] = [cc.slice(0, 1), cc.slice(1)];
  if (to.length === 0 && bcc.length === 1) to = bcc.splice(0, 1);
  if (to.length === 0) {
    throw smtpError(554, "5.5.0 Name at least one recipient in the To or Cc header (several Bcc-only recipients would see each other)");
  }
  const from = mailboxes(parsed.from)[0] ?? (envelope.mailFrom ? { address: envelope.mailFrom, name: "" } : undefined);
  const replyTo = mailboxes(parsed.replyTo)[0];
  const body = {
    to,
    ...(cc.length ? { cc } : {}),
    ...(bcc.length ? { bcc } : {}),
    ...(from ? { from: from.address, ...(from.name ? { fromName: from.name } : {}) } : {}),
    ...(replyTo ? { replyTo: replyTo.address, ...(replyTo.name ? { replyToName: replyTo.name } : {}) } : {}),
    subject: parsed.subject ?? "",
    ...(typeof parsed.html === "string" && parsed.html ? { html: parsed.html } : {}),
    ...(parsed.text ? { text: parsed.text } : {}),
    attachments: attachments(parsed),
    headers: customHeaders(parsed),
  };
  // Text the database cannot store (a NUL, decoded from an encoded word or a body part) is refused
  // as the send API refuses it (554 5.6.0), not left to fail the send as a temporary error.
  assertStorable(body, "message");
  const result = v1SendEmailSchema.safeParse(body);
  if (!result.success) throw validationError(result.error.issues, "message");
  return result.data;
}
