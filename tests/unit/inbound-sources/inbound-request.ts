// Builds what a route hands to an inbound source, and the bodies providers post: multipart
// forms (as SendGrid and Mailgun send them) and raw messages composed by nodemailer.
import { expect } from "vitest";
import MailComposer from "nodemailer/lib/mail-composer";
import type { IncomingInbound } from "@/lib/inbound/sources/types";

export function incoming(rawBody: Buffer | string, headers: Record<string, string> = {}): IncomingInbound {
  return { rawBody: Buffer.from(rawBody), headers: new Headers(headers), url: new URL("https://mailroom.test/api/inbound/prov_1") };
}

export const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The bytes and content type fetch would send for these fields (a Blob is a file part). */
export async function multipart(fields: Record<string, string | { content: Buffer; filename: string; type: string }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.content)], { type: value.type }), value.filename);
  }
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

// One message, posted by every provider in its own way.
export const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x0a]);
export const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01]);
export const message = {
  from: "Alice Example <Alice@Example.com>",
  to: "Acme Support <Support@Acme.test>, sales@acme.test",
  cc: "Bob <bob@example.com>",
  replyTo: "orders@example.com",
  subject: "Order #42 — question",
  text: "Hello,\nwhere is my order?",
  html: '<p>Hello, where is my order?</p><img src="cid:logo@acme">',
  messageId: "<msg-1@example.com>",
  inReplyTo: "<msg-0@acme.test>",
  references: ["<root@acme.test>", "<msg-0@acme.test>"],
  date: new Date("2025-03-01T10:00:00Z"),
  custom: { name: "X-Custom-Id", value: "abc-123" },
  // In the order a MIME parser meets them: the inline logo sits with the html, before the invoice.
  attachments: [
    { filename: "logo.png", contentType: "image/png", size: png.length, content: png, contentId: "<logo@acme>" },
    { filename: "invoice.pdf", contentType: "application/pdf", size: pdf.length, content: pdf, contentId: null },
  ],
};

/** The parsed addresses of `message`, lower-cased. */
export const addresses = {
  from: { address: "alice@example.com", name: "Alice Example" },
  to: [
    { address: "support@acme.test", name: "Acme Support" },
    { address: "sales@acme.test", name: "" },
  ],
  cc: [{ address: "bob@example.com", name: "Bob" }],
  replyTo: [{ address: "orders@example.com", name: "" }],
};

/** `message` as a raw RFC 5322 message, as SendGrid's raw mode, Mailgun's body-mime, Postmark's RawEmail and SES carry it. */
export function rawMessage(): Promise<Buffer> {
  const composer = new MailComposer({
    from: message.from,
    to: message.to,
    cc: message.cc,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    inReplyTo: message.inReplyTo,
    references: message.references,
    date: message.date,
    headers: { [message.custom.name]: message.custom.value },
    attachments: [
      { filename: "invoice.pdf", content: pdf, contentType: "application/pdf" },
      { filename: "logo.png", content: png, contentType: "image/png", cid: "logo@acme" },
    ],
  });
  return composer.compile().build();
}

/** What parsing `message` gives, whatever carried it, but for its headers and envelope; size as measured. */
export function parsedMessage(size: number) {
  return {
    messageId: message.messageId,
    ...addresses,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
    size,
    inReplyTo: message.inReplyTo,
    references: message.references,
    date: message.date,
  };
}

/** `message`'s headers as parsed (the providers that post them in parts list them in their own order). */
export const parsedHeaders = {
  subject: { name: "subject", value: message.subject },
  /** From, To, Cc and Reply-To, in that order. */
  addresses: [
    { name: "from", value: '"Alice Example" <Alice@Example.com>' },
    { name: "to", value: '"Acme Support" <Support@Acme.test>, sales@acme.test' },
    { name: "cc", value: '"Bob" <bob@example.com>' },
    { name: "reply-to", value: "orders@example.com" },
  ],
  /** Message-ID, In-Reply-To and References, in that order. */
  thread: [
    { name: "message-id", value: message.messageId },
    { name: "in-reply-to", value: message.inReplyTo },
    { name: "references", value: "<root@acme.test>, <msg-0@acme.test>" },
  ],
  date: { name: "date", value: "Sat, 01 Mar 2025 10:00:00 GMT" },
  custom: { name: message.custom.name.toLowerCase(), value: message.custom.value },
};

/** What parseMime makes of rawMessage(): every field but the envelope, and among the headers the custom one. */
export function fromRawMessage(raw: Buffer) {
  return { ...parsedMessage(raw.length), headers: expect.arrayContaining([parsedHeaders.custom]) };
}

/**
 * A message posted in parts parses to `message` with these headers and envelope, and is measured
 * as MIME: more than its bodies and base64 attachments, less than the request wrapping them in
 * JSON or a form.
 */
export function expectParsedParts(
  result: { size: number }[],
  req: { rawBody: Buffer },
  rest: { headers: { name: string; value: string }[]; envelopeTo: string[]; envelopeFrom: string | null },
) {
  const [{ size }] = result;
  const floor =
    Buffer.byteLength(message.text) +
    Buffer.byteLength(message.html) +
    message.attachments.reduce((n, a) => n + Math.ceil(a.size / 3) * 4, 0);
  expect(size).toBeGreaterThan(floor);
  expect(size).toBeLessThan(req.rawBody.length);
  expect(result).toEqual([{ ...parsedMessage(size), ...rest }]);
}
