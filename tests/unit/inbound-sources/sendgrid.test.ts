import { describe, expect, it } from "vitest";
import { createSign, generateKeyPairSync, type KeyObject } from "node:crypto";
import { sendgridInboundSource as source } from "@/lib/providers/sendgrid/inbound";
import { WebhookAuthError, WebhookFormatError } from "@/lib/provider-events/types";
import {
  expectParsedParts,
  fromRawMessage,
  incoming,
  message,
  multipart,
  parsedHeaders,
  pdf,
  png,
  rawMessage,
  unixSeconds,
} from "./inbound-request";

const spki = (key: KeyObject) => key.export({ type: "spki", format: "der" }).toString("base64");
const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const eventKeys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const config = { apiKey: "SG.test", inboundPublicKey: spki(publicKey) };
const now = new Date();

/** Signs as SendGrid does: ECDSA P-256 / SHA-256 over the timestamp + the body's bytes, DER, base64. */
function signed(
  { body, contentType }: { body: Buffer; contentType: string },
  { at = now, key = privateKey }: { at?: Date; key?: KeyObject } = {},
) {
  const timestamp = String(unixSeconds(at));
  const signature = createSign("sha256")
    .update(Buffer.concat([Buffer.from(timestamp), body]))
    .sign(key, "base64");
  return incoming(body, {
    "content-type": contentType,
    "X-Twilio-Email-Event-Webhook-Signature": signature,
    "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
  });
}

// The raw header block, as SendGrid posts it in `headers`.
const headerBlock = [
  "Received: by mx0047p1mdw1.sendgrid.net with SMTP id 6WCVv7KAWn Sat, 01 Mar 2025 10:00:01 +0000 (UTC)",
  "MIME-Version: 1.0",
  "From: Alice Example <Alice@Example.com>",
  "To: Acme Support <Support@Acme.test>, sales@acme.test",
  "Cc: Bob <bob@example.com>",
  "Reply-To: orders@example.com",
  "Subject: =?UTF-8?Q?Order_=2342_=E2=80=94_question?=",
  "Message-ID: <msg-1@example.com>",
  "In-Reply-To: <msg-0@acme.test>",
  "References: <root@acme.test>",
  " <msg-0@acme.test>",
  "Date: Sat, 01 Mar 2025 10:00:00 +0000",
  "X-Custom-Id: abc-123",
  'Content-Type: multipart/mixed; boundary="000000000000b6a5d105"',
  "",
].join("\n");
const envelope = JSON.stringify({ to: ["Support@Acme.test"], from: "Bounce@Example.com" });

// The default (parsed) post of the "Inbound Email Parse Webhook" page.
const parsedFields = {
  headers: headerBlock,
  dkim: "{@example.com : pass}",
  "content-ids": JSON.stringify({ "logo@acme": "attachment1" }),
  to: message.to,
  cc: message.cc,
  html: message.html,
  from: message.from,
  text: message.text,
  sender_ip: "192.0.2.10",
  envelope,
  attachments: "2",
  subject: message.subject,
  "attachment-info": JSON.stringify({
    attachment1: { filename: "logo.png", name: "logo.png", type: "image/png", "content-id": "logo@acme" },
    attachment2: { filename: "invoice.pdf", name: "invoice.pdf", type: "application/pdf" },
  }),
  charsets: JSON.stringify({ to: "UTF-8", cc: "UTF-8", html: "UTF-8", subject: "UTF-8", from: "UTF-8", text: "UTF-8" }),
  SPF: "pass",
  attachment1: { content: png, filename: "logo.png", type: "image/png" },
  attachment2: { content: pdf, filename: "invoice.pdf", type: "application/pdf" },
};

describe("SendGrid Inbound Parse: verification", () => {
  it("verifies the signature with the Inbound Parse key, or else the Event Webhook's", async () => {
    const req = signed(await multipart(parsedFields));
    await expect(source.verify(req, config, now)).resolves.toBeUndefined();
    await expect(source.verify(req, { webhookPublicKey: spki(publicKey) }, now)).resolves.toBeUndefined();
    // The Inbound Parse key wins when both are set.
    await expect(
      source.verify(req, { inboundPublicKey: spki(eventKeys.publicKey), webhookPublicKey: spki(publicKey) }, now),
    ).rejects.toThrow(WebhookAuthError);
  });

  it("refuses a changed body, another key's signature, a stale timestamp, no signature, no key", async () => {
    const req = signed(await multipart(parsedFields));
    const tampered = Buffer.from(req.rawBody);
    tampered[tampered.indexOf(pdf)] ^= 1;
    await expect(source.verify({ ...req, rawBody: tampered }, config, now)).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(signed(await multipart(parsedFields), { key: eventKeys.privateKey }), config, now)).rejects.toThrow(
      WebhookAuthError,
    );
    await expect(
      source.verify(signed(await multipart(parsedFields), { at: new Date(now.getTime() - 301_000) }), config, now),
    ).rejects.toThrow(/tolerance/);
    await expect(source.verify(incoming(req.rawBody, { "content-type": req.headers.get("content-type")! }), config, now)).rejects.toThrow(
      WebhookAuthError,
    );
    await expect(source.verify(req, {}, now)).rejects.toThrow(WebhookAuthError);
  });
});

describe("SendGrid Inbound Parse: parsing", () => {
  it("reads the default post: SendGrid's fields, the header block, the attachment files", async () => {
    const req = signed(await multipart(parsedFields));
    const result = await source.parse(req);
    expectParsedParts(result, req, {
      headers: [
        { name: "received", value: "by mx0047p1mdw1.sendgrid.net with SMTP id 6WCVv7KAWn Sat, 01 Mar 2025 10:00:01 +0000 (UTC)" },
        { name: "mime-version", value: "1.0" },
        ...parsedHeaders.addresses,
        parsedHeaders.subject,
        ...parsedHeaders.thread,
        parsedHeaders.date,
        parsedHeaders.custom,
        { name: "content-type", value: 'multipart/mixed; boundary="000000000000b6a5d105"' },
      ],
      envelopeTo: ["support@acme.test"],
      envelopeFrom: "bounce@example.com",
    });
  });

  it("reads the raw post (Send Raw on) as the whole message", async () => {
    // A form's text field carries CRLF line breaks: the message as it arrives.
    const raw = Buffer.from((await rawMessage()).toString().replace(/\r?\n/g, "\r\n"));
    const [email] = await source.parse(
      signed(await multipart({ email: raw.toString(), envelope, to: message.to, from: message.from, subject: message.subject })),
    );
    expect(email).toEqual({ ...fromRawMessage(raw), envelopeTo: ["support@acme.test"], envelopeFrom: "bounce@example.com" });
  });

  it("parses a message without a readable From, To or envelope", async () => {
    const [email] = await source.parse(signed(await multipart({ headers: "Subject: hi\n", from: "undisclosed", text: "x" })));
    expect(email).toMatchObject({
      from: null,
      to: [],
      cc: [],
      subject: "",
      text: "x",
      html: null,
      envelopeTo: [],
      envelopeFrom: null,
      attachments: [],
    });
  });

  it("refuses a verified but unreadable post", async () => {
    await expect(source.parse(signed({ body: Buffer.from("{}"), contentType: "application/json" }))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(signed(await multipart({ text: "no headers, no email" })))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(signed(await multipart({ ...parsedFields, envelope: "{not json" })))).rejects.toThrow(/envelope/);
    await expect(source.parse(signed(await multipart({ ...parsedFields, "attachment-info": "[1]" })))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(signed(await multipart({ ...parsedFields, attachment1: "not a file" })))).rejects.toThrow(WebhookFormatError);
  });
});
