import { describe, expect, it } from "vitest";
import { createHmac, randomBytes } from "node:crypto";
import { mailgunInboundSource as source } from "@/lib/providers/mailgun/inbound";
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

const config = { apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: randomBytes(16).toString("hex") };
const now = new Date();

/** Adds the signature fields as Mailgun does: hex HMAC-SHA256 of timestamp + token with the webhook signing key. */
function signedFields<T extends object>(fields: T, { at = now, key = config.webhookSigningKey } = {}) {
  const timestamp = String(unixSeconds(at));
  const token = randomBytes(25).toString("hex");
  return {
    ...fields,
    timestamp,
    token,
    signature: createHmac("sha256", key)
      .update(timestamp + token)
      .digest("hex"),
  };
}

async function posted(fields: Parameters<typeof multipart>[0]) {
  const { body, contentType } = await multipart(fields);
  return incoming(body, { "content-type": contentType });
}

// message-headers as Mailgun posts them: every header, a structured value as [value, params].
const messageHeaders = [
  ["Received", "from mail.example.com by mxa.mailgun.org with ESMTP; Sat, 01 Mar 2025 10:00:01 +0000"],
  ["Content-Type", ["multipart/mixed", { boundary: "eb663d73ae0a4d6c9153cc0aec8b7520" }]],
  ["Mime-Version", "1.0"],
  ["Subject", message.subject],
  ["From", message.from],
  ["To", message.to],
  ["Cc", message.cc],
  ["Reply-To", message.replyTo],
  ["Message-Id", message.messageId],
  ["In-Reply-To", message.inReplyTo],
  ["References", message.references.join(" ")],
  ["Date", "Sat, 01 Mar 2025 10:00:00 +0000"],
  ["X-Custom-Id", "abc-123"],
  ["X-Mailgun-Variables", '{"ticket": "42"}'],
];

// The parsed post of forward(): "Receiving, Forwarding and Storing Messages".
const parsedFields = {
  recipient: "Support@Acme.test",
  sender: "Bounce@Example.com",
  from: message.from,
  subject: message.subject,
  "body-plain": message.text,
  "stripped-text": "where is my order?",
  "stripped-signature": "",
  "body-html": message.html,
  "stripped-html": message.html,
  "attachment-count": "2",
  "message-headers": JSON.stringify(messageHeaders),
  "content-id-map": JSON.stringify({ "<logo@acme>": "attachment-1" }),
  "attachment-1": { content: png, filename: "logo.png", type: "image/png" },
  "attachment-2": { content: pdf, filename: "invoice.pdf", type: "application/pdf" },
};

describe("Mailgun Routes forwards: verification", () => {
  it("verifies the HMAC signature in multipart and urlencoded posts", async () => {
    await expect(source.verify(await posted(signedFields(parsedFields)), config, now)).resolves.toBeUndefined();
    const form = new URLSearchParams(signedFields({ recipient: "support@acme.test", "body-plain": "hi", "message-headers": "[]" }));
    await expect(
      source.verify(incoming(form.toString(), { "content-type": "application/x-www-form-urlencoded" }), config, now),
    ).resolves.toBeUndefined();
  });

  it("refuses another key, a forged signature, a stale timestamp, no signature, an unreadable body, no config", async () => {
    await expect(
      source.verify(await posted(signedFields(parsedFields, { key: randomBytes(16).toString("hex") })), config, now),
    ).rejects.toThrow(WebhookAuthError);
    const forged = signedFields(parsedFields);
    forged.signature = createHmac("sha256", config.webhookSigningKey)
      .update("0" + forged.token)
      .digest("hex");
    await expect(source.verify(await posted(forged), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(
      source.verify(await posted(signedFields(parsedFields, { at: new Date(now.getTime() - 301_000) })), config, now),
    ).rejects.toThrow(/tolerance/);
    await expect(source.verify(await posted(parsedFields), config, now)).rejects.toThrow(WebhookAuthError);
    await expect(
      source.verify(incoming(JSON.stringify(signedFields({})), { "content-type": "application/json" }), config, now),
    ).rejects.toThrow(WebhookAuthError);
    await expect(source.verify(await posted(signedFields(parsedFields)), {}, now)).rejects.toThrow(WebhookAuthError);
  });

  it("gives the signed token, for the route to refuse a replay", async () => {
    const fields = signedFields(parsedFields);
    expect(await source.replayToken!(await posted(fields))).toBe(fields.token);
  });
});

describe("Mailgun Routes forwards: parsing", () => {
  it("reads the parsed post: message-headers, the bodies, the attachment files", async () => {
    const req = await posted(signedFields(parsedFields));
    const result = await source.parse(req);
    expectParsedParts(result, req, {
      headers: [
        { name: "received", value: "from mail.example.com by mxa.mailgun.org with ESMTP; Sat, 01 Mar 2025 10:00:01 +0000" },
        { name: "content-type", value: 'multipart/mixed; boundary="eb663d73ae0a4d6c9153cc0aec8b7520"' },
        { name: "mime-version", value: "1.0" },
        parsedHeaders.subject,
        ...parsedHeaders.addresses,
        ...parsedHeaders.thread,
        parsedHeaders.date,
        parsedHeaders.custom,
        { name: "x-mailgun-variables", value: '{"ticket": "42"}' },
      ],
      envelopeTo: ["support@acme.test"],
      envelopeFrom: "bounce@example.com",
    });
  });

  it("reads the MIME post (a URL ending in mime) as the whole message", async () => {
    // A form's text field carries CRLF line breaks: the message as it arrives.
    const raw = Buffer.from((await rawMessage()).toString().replace(/\r?\n/g, "\r\n"));
    const req = await posted(
      signedFields({
        recipient: "Support@Acme.test",
        sender: "Bounce@Example.com",
        from: message.from,
        subject: message.subject,
        "body-mime": raw.toString(),
      }),
    );
    expect(await source.parse(req)).toEqual([
      { ...fromRawMessage(raw), envelopeTo: ["support@acme.test"], envelopeFrom: "bounce@example.com" },
    ]);
  });

  it("reads an urlencoded post, and a message without a From", async () => {
    const fields = {
      recipient: "support@acme.test",
      "body-plain": "hi\r\nthere",
      "message-headers": JSON.stringify([["Subject", "No sender"]]),
    };
    const [email] = await source.parse(
      incoming(new URLSearchParams(signedFields(fields)).toString(), { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(email).toMatchObject({
      from: null,
      to: [],
      subject: "No sender",
      text: "hi\nthere",
      html: null,
      attachments: [],
      envelopeTo: ["support@acme.test"],
      envelopeFrom: null,
    });
  });

  it("refuses a verified but unreadable post", async () => {
    await expect(source.parse(await posted(signedFields({ recipient: "support@acme.test" })))).rejects.toThrow(WebhookFormatError);
    await expect(source.parse(await posted(signedFields({ ...parsedFields, "message-headers": '[["Subject"]]' })))).rejects.toThrow(
      /message-headers/,
    );
    await expect(source.parse(await posted(signedFields({ ...parsedFields, "content-id-map": "nope" })))).rejects.toThrow(/content-id-map/);
  });
});
