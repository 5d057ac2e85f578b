// POST /api/inbound/providers/{providerId} over real HTTP: each provider's inbound webhook
// (Postmark inbound JSON with Basic credentials, Mailgun Routes forwards signed with HMAC,
// SendGrid Inbound Parse signed with ECDSA) verified, answered {received, ids}, recorded once
// and readable through the v1 inbox once its rules ran; anything unverified is 401 and records
// nothing, a verified but unreadable body is 400, and only inbound-capable providers exist here.
//
// SES (an SNS notification) is covered here only for its refusals: accepting one needs the
// server to download the SNS signing certificate from an amazonaws.com host over HTTPS, which
// this offline machine cannot do and the running server cannot be pointed elsewhere. The
// positive path (signature, topic, content decoding) is covered by
// tests/unit/inbound-sources/ses.test.ts with an injected certificate.
import { describe, expect, inject, it } from "vitest";
import { createHmac, createSign, randomBytes, randomUUID, type KeyObject } from "node:crypto";
import { call } from "../../helpers/http";
import { createKey, newOrg } from "../../helpers/factory";
import { basicAuthHeaders, newSendgridKeys, unixSeconds } from "../../helpers/provider-signing";
import { postmarkInboundJson, postmarkInboundProvider, postPostmark, processed } from "../../helpers/inbound-post";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;

const hex = (n = 4) => randomBytes(n).toString("hex");
const INBOUND = (id: string) => `/api/inbound/providers/${id}`;

// One message, as every provider posts it.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x01, 0xfe, 0xff]);
const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff, 0x10, 0x80, 0x0a]);
const mail = () => ({
  messageId: `<msg-${hex()}@example.com>`,
  subject: `Order #42 — question ${hex(2)}`,
  text: "Hello,\nwhere is my order?",
  html: '<p>Hello, where is my order?</p><img src="cid:logo@acme">',
});

async function addProvider(org: Org, type: string, config: Record<string, unknown>) {
  const res = await call("/api/providers", { cookie: org.cookie, body: { name: `${type} ${hex()}`, type, config } });
  if (res.status !== 201) throw new Error(`provider create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

/** POSTs bytes as a provider does (multipart bodies are binary). */
async function postRaw(providerId: string, body: Buffer | string, headers: Record<string, string>) {
  const res = await fetch(`${inject("baseUrl")}${INBOUND(providerId)}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

type Part = string | { content: Buffer; filename: string; type: string };
/** The bytes and content type fetch sends for these form fields. */
async function multipart(fields: [string, Part][]) {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.content)], { type: value.type }), value.filename);
  }
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type")! };
}

/** A refusal: this status and an {error} body, nothing more. */
function expectRefused(res: { status: number; body: unknown }, status: number, label?: string) {
  expect(res.status, label).toBe(status);
  expect(res.body).toEqual({ error: expect.any(String) });
}

const inboundCount = (org: Org) => db().inboundMessage.count({ where: { orgId: org.org.id } });

/** The message through the v1 inbox once its rules ran, and each attachment's content. */
async function readBack(org: Org, id: string) {
  await processed(id);
  const { key } = await createKey(org.cookie, ["inbox:read"]);
  const res = await call(`/api/v1/inbox/messages/${id}`, { key });
  expect(res.status).toBe(200);
  const contents: Record<string, string> = {};
  for (const a of res.body.data.attachments as { id: string; filename: string }[]) {
    const got = await call(`/api/v1/inbox/messages/${id}/attachments/${a.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ ...a, content: expect.any(String) });
    contents[a.filename] = got.body.data.content;
  }
  return { message: res.body.data, contents };
}

/** What every provider's post of `m` reads as (addresses lower-cased, the envelope recipient). */
function expectedMessage(m: ReturnType<typeof mail>, source: string, envelopeFrom: string | null) {
  return {
    id: expect.any(String),
    messageId: m.messageId,
    from: { address: "alice@example.com", name: "Alice Example" },
    to: ["support@acme.test", "sales@acme.test"],
    cc: ["bob@example.com"],
    replyTo: ["orders@example.com"],
    subject: m.subject,
    text: m.text,
    html: m.html,
    inReplyTo: "<msg-0@acme.test>",
    references: ["<root@acme.test>", "<msg-0@acme.test>"],
    tags: [],
    source,
    status: "processed",
    ruleResults: [],
    size: expect.any(Number),
    envelopeTo: ["support@acme.test"],
    envelopeFrom,
    sentAt: "2025-03-01T10:00:00.000Z",
    receivedAt: expect.any(String),
    headers: expect.arrayContaining([
      { name: "x-custom-id", value: "abc-123" },
      { name: "message-id", value: m.messageId },
    ]),
    attachments: [
      { id: expect.any(String), filename: "logo.png", contentType: "image/png", size: png.length, contentId: "<logo@acme>" },
      { id: expect.any(String), filename: "invoice.pdf", contentType: "application/pdf", size: pdf.length, contentId: null },
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Postmark

function postmarkBody(m: ReturnType<typeof mail>) {
  return {
    ...postmarkInboundJson({
      from: { email: "Alice@Example.com", name: "Alice Example" },
      to: [{ email: "Support@Acme.test", name: "Acme Support" }, { email: "sales@acme.test" }],
      cc: [{ email: "bob@example.com", name: "Bob" }],
      replyTo: "orders@example.com",
      subject: m.subject,
      text: m.text.replace(/\n/g, "\r\n"),
      html: m.html,
      messageId: m.messageId,
      inReplyTo: "<msg-0@acme.test>",
      references: ["<root@acme.test>", "<msg-0@acme.test>"],
      headers: [{ Name: "X-Custom-Id", Value: "abc-123" }],
      date: "Sat, 1 Mar 2025 10:00:00 +0000",
      attachments: [
        { Name: "logo.png", Content: png.toString("base64"), ContentType: "image/png", ContentID: "logo@acme" },
        { Name: "invoice.pdf", Content: pdf.toString("base64"), ContentType: "application/pdf" },
      ],
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Mailgun

const mailgunConfig = () => ({ apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: hex(16) });

/** Mailgun's signature fields: hex HMAC-SHA256 of timestamp + token with the webhook signing key. */
function mailgunSignature(signingKey: string, at = new Date(), token = randomBytes(25).toString("hex")): [string, string][] {
  const timestamp = String(unixSeconds(at));
  return [
    ["timestamp", timestamp],
    ["token", token],
    [
      "signature",
      createHmac("sha256", signingKey)
        .update(timestamp + token)
        .digest("hex"),
    ],
  ];
}

/** The parsed post of a Routes forward() ("Receiving, Forwarding and Storing Messages"). */
function mailgunFields(m: ReturnType<typeof mail>): [string, Part][] {
  const headers = [
    ["Received", "from mail.example.com by mxa.mailgun.org with ESMTP; Sat, 01 Mar 2025 10:00:01 +0000"],
    ["Content-Type", ["multipart/mixed", { boundary: "eb663d73ae0a4d6c9153cc0aec8b7520" }]],
    ["Mime-Version", "1.0"],
    ["Subject", m.subject],
    ["From", "Alice Example <Alice@Example.com>"],
    ["To", "Acme Support <Support@Acme.test>, sales@acme.test"],
    ["Cc", "Bob <bob@example.com>"],
    ["Reply-To", "orders@example.com"],
    ["Message-Id", m.messageId],
    ["In-Reply-To", "<msg-0@acme.test>"],
    ["References", "<root@acme.test> <msg-0@acme.test>"],
    ["Date", "Sat, 01 Mar 2025 10:00:00 +0000"],
    ["X-Custom-Id", "abc-123"],
  ];
  return [
    ["recipient", "Support@Acme.test"],
    ["sender", "Bounce@Example.com"],
    ["from", "Alice Example <Alice@Example.com>"],
    ["subject", m.subject],
    ["body-plain", m.text.replace(/\n/g, "\r\n")],
    ["body-html", m.html],
    ["attachment-count", "2"],
    ["message-headers", JSON.stringify(headers)],
    ["content-id-map", JSON.stringify({ "<logo@acme>": "attachment-1" })],
    ["attachment-1", { content: png, filename: "logo.png", type: "image/png" }],
    ["attachment-2", { content: pdf, filename: "invoice.pdf", type: "application/pdf" }],
  ];
}

// ---------------------------------------------------------------------------------------------
// SendGrid

/** SendGrid's signed-webhook headers over the body's bytes: ECDSA P-256 / SHA-256 of timestamp + body, DER, base64. */
function sendgridSigned(privateKey: KeyObject, body: Buffer, contentType: string, at = new Date()): Record<string, string> {
  const timestamp = String(unixSeconds(at));
  return {
    "content-type": contentType,
    "x-twilio-email-event-webhook-signature": createSign("sha256")
      .update(Buffer.concat([Buffer.from(timestamp), body]))
      .sign(privateKey, "base64"),
    "x-twilio-email-event-webhook-timestamp": timestamp,
  };
}

/** The default (parsed) post of "Inbound Email Parse Webhook", files attached. */
function sendgridFields(m: ReturnType<typeof mail>): [string, Part][] {
  const headerBlock = [
    "Received: by mx0047p1mdw1.sendgrid.net with SMTP id 6WCVv7KAWn Sat, 01 Mar 2025 10:00:01 +0000 (UTC)",
    "MIME-Version: 1.0",
    "From: Alice Example <Alice@Example.com>",
    "To: Acme Support <Support@Acme.test>, sales@acme.test",
    "Cc: Bob <bob@example.com>",
    "Reply-To: orders@example.com",
    `Subject: ${m.subject}`,
    `Message-ID: ${m.messageId}`,
    "In-Reply-To: <msg-0@acme.test>",
    "References: <root@acme.test>",
    " <msg-0@acme.test>",
    "Date: Sat, 01 Mar 2025 10:00:00 +0000",
    "X-Custom-Id: abc-123",
    'Content-Type: multipart/mixed; boundary="000000000000b6a5d105"',
    "",
  ].join("\n");
  return [
    ["headers", headerBlock],
    ["dkim", "{@example.com : pass}"],
    ["content-ids", JSON.stringify({ "logo@acme": "attachment1" })],
    ["to", "Acme Support <Support@Acme.test>, sales@acme.test"],
    ["cc", "Bob <bob@example.com>"],
    ["html", m.html],
    ["from", "Alice Example <Alice@Example.com>"],
    ["text", m.text.replace(/\n/g, "\r\n")],
    ["sender_ip", "192.0.2.10"],
    ["envelope", JSON.stringify({ to: ["Support@Acme.test"], from: "Bounce@Example.com" })],
    ["attachments", "2"],
    ["subject", m.subject],
    [
      "attachment-info",
      JSON.stringify({
        attachment1: { filename: "logo.png", name: "logo.png", type: "image/png", "content-id": "logo@acme" },
        attachment2: { filename: "invoice.pdf", name: "invoice.pdf", type: "application/pdf" },
      }),
    ],
    ["charsets", JSON.stringify({ to: "UTF-8", cc: "UTF-8", html: "UTF-8", subject: "UTF-8", from: "UTF-8", text: "UTF-8" })],
    ["SPF", "pass"],
    ["attachment1", { content: png, filename: "logo.png", type: "image/png" }],
    ["attachment2", { content: pdf, filename: "invoice.pdf", type: "application/pdf" }],
  ];
}

// ---------------------------------------------------------------------------------------------

describe("a verified inbound post is recorded and readable through the inbox", () => {
  it("Postmark (Basic auth): 200 {received: 1, ids: [id]}; every field and the attachments' bytes read back", async () => {
    const org = await newOrg();
    const provider = await postmarkInboundProvider(org.cookie);
    const m = mail();
    const res = await postPostmark(provider, postmarkBody(m));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 1, ids: [expect.stringMatching(/^[0-9a-f-]{36}$/)] });
    const { message, contents } = await readBack(org, res.body.ids[0]);
    expect(message).toEqual({ ...expectedMessage(m, "postmark", null), id: res.body.ids[0] });
    expect(contents).toEqual({ "logo.png": png.toString("base64"), "invoice.pdf": pdf.toString("base64") });
    expect(await db().inboundMessage.findUniqueOrThrow({ where: { id: res.body.ids[0] } })).toMatchObject({
      orgId: org.org.id,
      providerId: provider.id,
    });
  });

  it("Mailgun (HMAC signature): the multipart forward with attachments is recorded; the same signed token again is refused as a replay", async () => {
    const org = await newOrg();
    const config = mailgunConfig();
    const provider = await addProvider(org, "mailgun", config);
    const m = mail();
    const { body, contentType } = await multipart([...mailgunFields(m), ...mailgunSignature(config.webhookSigningKey)]);
    const res = await postRaw(provider.id, body, { "content-type": contentType });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 1, ids: [expect.any(String)] });
    const { message, contents } = await readBack(org, res.body.ids[0]);
    expect(message).toEqual({ ...expectedMessage(m, "mailgun", "bounce@example.com"), id: res.body.ids[0] });
    expect(contents).toEqual({ "logo.png": png.toString("base64"), "invoice.pdf": pdf.toString("base64") });

    // Mailgun signs a one-time token, not the message: the same token again is a replay, whatever it carries.
    const replay = await postRaw(provider.id, body, { "content-type": contentType });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: expect.stringMatching(/replay/) });
    const signature = Object.fromEntries(mailgunSignature(config.webhookSigningKey));
    const first = await multipart([...mailgunFields(mail()), ...Object.entries(signature)]);
    expect((await postRaw(provider.id, first.body, { "content-type": first.contentType })).status).toBe(200);
    const swapped = await multipart([...mailgunFields(mail()), ...Object.entries(signature)]);
    const forged = await postRaw(provider.id, swapped.body, { "content-type": swapped.contentType });
    expect(forged.status).toBe(401);
    expect(await inboundCount(org)).toBe(2);
  });

  it("Mailgun: a urlencoded forward with body-mime (the route URL ending in mime) is read as the whole message", async () => {
    const org = await newOrg();
    const config = mailgunConfig();
    const provider = await addProvider(org, "mailgun", config);
    const messageId = `<mime-${hex()}@example.com>`;
    const raw = [
      "From: Alice Example <Alice@Example.com>",
      "To: support@acme.test",
      "Subject: raw mime",
      `Message-ID: ${messageId}`,
      "Date: Sat, 01 Mar 2025 10:00:00 +0000",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Plain body.",
      "",
    ].join("\r\n");
    const form = new URLSearchParams([
      ["recipient", "support@acme.test"],
      ["sender", "alice@example.com"],
      ["body-mime", raw],
      ...mailgunSignature(config.webhookSigningKey),
    ]);
    const res = await postRaw(provider.id, form.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
    const { message } = await readBack(org, res.body.ids[0]);
    expect(message).toMatchObject({
      messageId,
      from: { address: "alice@example.com", name: "Alice Example" },
      to: ["support@acme.test"],
      subject: "raw mime",
      text: "Plain body.\n",
      attachments: [],
    });
  });

  it("SendGrid (ECDSA signature): the multipart Inbound Parse post with attachments is recorded", async () => {
    const org = await newOrg();
    const keys = newSendgridKeys();
    const provider = await addProvider(org, "sendgrid", { apiKey: "SG.test-key", inboundPublicKey: keys.publicKey });
    const m = mail();
    const { body, contentType } = await multipart(sendgridFields(m));
    const res = await postRaw(provider.id, body, sendgridSigned(keys.privateKey, body, contentType));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 1, ids: [expect.any(String)] });
    const { message, contents } = await readBack(org, res.body.ids[0]);
    expect(message).toEqual({ ...expectedMessage(m, "sendgrid", "bounce@example.com"), id: res.body.ids[0] });
    expect(contents).toEqual({ "logo.png": png.toString("base64"), "invoice.pdf": pdf.toString("base64") });
  });
});

describe("unverified posts are 401 and record nothing", () => {
  it("Postmark: no credentials, a wrong password or username, another provider's credentials", async () => {
    const org = await newOrg();
    const provider = await postmarkInboundProvider(org.cookie);
    const other = await newOrg();
    const theirs = await postmarkInboundProvider(other.cookie);
    const body = JSON.stringify(postmarkBody(mail()));
    const attempts: Record<string, string>[] = [
      { "content-type": "application/json" },
      basicAuthHeaders(provider.username, `${provider.password}x`),
      basicAuthHeaders("someone", provider.password),
      basicAuthHeaders(theirs.username, theirs.password),
      { "content-type": "application/json", authorization: `Bearer ${provider.password}` },
    ];
    for (const headers of attempts) {
      const res = await postRaw(provider.id, body, headers);
      expectRefused(res, 401, JSON.stringify(headers));
    }
    expect(await inboundCount(org)).toBe(0);
  });

  it("Mailgun: no signature, another key's signature, a signature over another timestamp, a stale timestamp", async () => {
    const org = await newOrg();
    const config = mailgunConfig();
    const provider = await addProvider(org, "mailgun", config);
    const fields = mailgunFields(mail());
    const [ts, token, sig] = mailgunSignature(config.webhookSigningKey);
    const attempts: [string, Part][][] = [
      fields,
      [...fields, ...mailgunSignature(hex(16))],
      [...fields, ["timestamp", String(Number(ts[1]) + 1)], token, sig],
      [...fields, ...mailgunSignature(config.webhookSigningKey, new Date(Date.now() - 10 * 60_000))],
    ];
    for (const attempt of attempts) {
      const { body, contentType } = await multipart(attempt);
      const res = await postRaw(provider.id, body, { "content-type": contentType });
      expectRefused(res, 401);
    }
    // A body that is not a form at all carries no signature either.
    expect((await postRaw(provider.id, "garbage", { "content-type": "application/json" })).status).toBe(401);
    expect(await inboundCount(org)).toBe(0);
  });

  it("SendGrid: no signature, another key's signature, a changed attachment byte, a stale timestamp", async () => {
    const org = await newOrg();
    const keys = newSendgridKeys();
    const provider = await addProvider(org, "sendgrid", { apiKey: "SG.test-key", inboundPublicKey: keys.publicKey });
    const { body, contentType } = await multipart(sendgridFields(mail()));
    const signed = sendgridSigned(keys.privateKey, body, contentType);
    const tampered = Buffer.from(body);
    tampered[tampered.indexOf(pdf) + 2] ^= 1;
    const attempts: [Buffer, Record<string, string>][] = [
      [body, { "content-type": contentType }],
      [body, sendgridSigned(newSendgridKeys().privateKey, body, contentType)],
      [tampered, signed],
      [body, sendgridSigned(keys.privateKey, body, contentType, new Date(Date.now() - 10 * 60_000))],
    ];
    for (const [b, headers] of attempts) {
      const res = await postRaw(provider.id, b, headers);
      expectRefused(res, 401);
    }
    expect(await inboundCount(org)).toBe(0);
  });

  it("SES: an SNS notification not signed by SNS (forged signature, certificate off an SNS host, another topic) or for a provider without snsTopicArn", async () => {
    const org = await newOrg();
    const topic = `arn:aws:sns:us-east-1:123456789012:ses-inbound-${hex()}`;
    const sesConfig = {
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    };
    const provider = await addProvider(org, "ses", { ...sesConfig, snsTopicArn: topic });
    const raw = Buffer.from(
      "From: alice@example.com\r\nTo: support@acme.test\r\nSubject: hi\r\nMessage-ID: <ses-1@example.com>\r\n\r\nHello\r\n",
    );
    const notification = (fields: Record<string, string>) =>
      JSON.stringify({
        Type: "Notification",
        MessageId: randomUUID(),
        TopicArn: topic,
        Subject: "Amazon SES Email Receipt Notification",
        Timestamp: new Date().toISOString(),
        Message: JSON.stringify({
          notificationType: "Received",
          receipt: { recipients: ["support@acme.test"], action: { type: "SNS", topicArn: topic, encoding: "BASE64" } },
          mail: { source: "alice@example.com", messageId: hex(8), destination: ["support@acme.test"] },
          content: raw.toString("base64"),
        }),
        SignatureVersion: "1",
        Signature: randomBytes(256).toString("base64"),
        UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
        ...fields,
      });
    const headers = { "content-type": "text/plain; charset=UTF-8", "x-amz-sns-message-type": "Notification", "x-amz-sns-topic-arn": topic };
    for (const body of [
      notification({ SigningCertURL: "https://attacker.test/SimpleNotificationService-1.pem" }),
      notification({ SigningCertURL: "https://sns.us-east-1.amazonaws.com.attacker.test/SimpleNotificationService-1.pem" }),
      notification({ SigningCertURL: "http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem" }),
      notification({ TopicArn: "arn:aws:sns:us-east-1:210987654321:someone-elses", SigningCertURL: "https://attacker.test/cert.pem" }),
    ]) {
      const res = await postRaw(provider.id, body, headers);
      expectRefused(res, 401);
    }
    const noTopic = await addProvider(org, "ses", sesConfig);
    const res = await postRaw(
      noTopic.id,
      notification({ SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem" }),
      headers,
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.stringMatching(/snsTopicArn/) });
    expect(await inboundCount(org)).toBe(0);
  });
});

describe("verified but unreadable posts are 400 and record nothing", () => {
  it("Postmark: not JSON, JSON without the inbound fields, a form", async () => {
    const org = await newOrg();
    const provider = await postmarkInboundProvider(org.cookie);
    const valid = postmarkBody(mail());
    const withoutTo: Record<string, unknown> = { ...valid };
    delete withoutTo.ToFull;
    for (const body of [
      "{not json",
      "[]",
      JSON.stringify({ RecordType: "Delivery" }),
      JSON.stringify(withoutTo),
      JSON.stringify({ ...valid, Attachments: [{ Name: "x" }] }),
    ]) {
      const res = await postPostmark(provider, body);
      expectRefused(res, 400, body.slice(0, 60));
    }
    const form = await postRaw(provider.id, "From=a%40b.test&Subject=hi", {
      ...basicAuthHeaders(provider.username, provider.password),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(400);
    expect(await inboundCount(org)).toBe(0);
  });

  it("SendGrid: a signed body that is no form, a form without headers or email, bad envelope JSON", async () => {
    const org = await newOrg();
    const keys = newSendgridKeys();
    const provider = await addProvider(org, "sendgrid", { apiKey: "SG.test-key", inboundPublicKey: keys.publicKey });
    const garbage = Buffer.from("this is not a multipart body at all");
    const noHeaders = await multipart([
      ["text", "no headers, no email"],
      ["subject", "x"],
    ]);
    const badEnvelope = await multipart(sendgridFields(mail()).map(([k, v]): [string, Part] => [k, k === "envelope" ? "{not json" : v]));
    for (const [body, contentType] of [
      [garbage, "multipart/form-data; boundary=----nothing-here"],
      [garbage, "application/json"],
      [noHeaders.body, noHeaders.contentType],
      [badEnvelope.body, badEnvelope.contentType],
    ] as [Buffer, string][]) {
      const res = await postRaw(provider.id, body, sendgridSigned(keys.privateKey, body, contentType));
      expectRefused(res, 400, contentType);
    }
    expect(await inboundCount(org)).toBe(0);
  });

  it("Mailgun: a signed form without message-headers or body-mime, or with message-headers that are not JSON", async () => {
    const org = await newOrg();
    const config = mailgunConfig();
    const provider = await addProvider(org, "mailgun", config);
    for (const fields of [
      [
        ["recipient", "support@acme.test"],
        ["body-plain", "hi"],
      ],
      [
        ["recipient", "support@acme.test"],
        ["message-headers", "{not json"],
      ],
      [
        ["recipient", "support@acme.test"],
        ["message-headers", JSON.stringify({ Subject: "not pairs" })],
      ],
    ] as [string, Part][][]) {
      const { body, contentType } = await multipart([...fields, ...mailgunSignature(config.webhookSigningKey)]);
      const res = await postRaw(provider.id, body, { "content-type": contentType });
      expectRefused(res, 400);
      // A request that failed gives its one-time token back: the same request again is not taken for a replay.
      expect((await postRaw(provider.id, body, { "content-type": contentType })).status).toBe(400);
    }
    expect(await inboundCount(org)).toBe(0);
  });
});

describe("which providers have an inbound URL", () => {
  it("404 for an unknown id, a non-uuid, a deleted provider and providers without inbound webhooks (resend, demo, smtp)", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const resend = await addProvider(org, "resend", { apiKey: "re_test_123" });
    const demo = await addProvider(org, "demo", {});
    const smtp = await addProvider(other, "smtp", {
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      username: "relay",
      password: "relay-password",
    });
    const deleted = await postmarkInboundProvider(other.cookie);
    expect((await call(`/api/providers/${deleted.id}`, { method: "DELETE", cookie: other.cookie })).body).toEqual({ removed: true });
    const body = JSON.stringify(postmarkBody(mail()));
    for (const id of [randomUUID(), "not-a-uuid", resend.id, demo.id, smtp.id, deleted.id]) {
      const res = await postRaw(id, body, basicAuthHeaders(deleted.username, deleted.password));
      expect(res.status, id).toBe(404);
      expect(res.body, id).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
    }
    expect(await inboundCount(org)).toBe(0);
    expect(await inboundCount(other)).toBe(0);
  });
});

describe("a message posted twice is recorded once", () => {
  it("Postmark: the same post again answers the same id and adds nothing", async () => {
    const org = await newOrg();
    const provider = await postmarkInboundProvider(org.cookie);
    const body = postmarkBody(mail());
    const first = await postPostmark(provider, body);
    const second = await postPostmark(provider, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    await processed(first.body.ids[0]);
    expect(await inboundCount(org)).toBe(1);
    // A different message (another Message-ID) is another row.
    expect((await postPostmark(provider, postmarkBody(mail()))).body.ids[0]).not.toBe(first.body.ids[0]);
    expect(await inboundCount(org)).toBe(2);
    // The same message reaching another organization is that organization's own copy.
    const other = await newOrg();
    const theirs = await postPostmark(await postmarkInboundProvider(other.cookie), body);
    expect(theirs.status).toBe(200);
    expect(theirs.body.ids[0]).not.toBe(first.body.ids[0]);
    expect(await inboundCount(other)).toBe(1);
    expect(await inboundCount(org)).toBe(2);
  });

  it("Mailgun and SendGrid: the provider's retry, signed afresh, is recorded once", async () => {
    const org = await newOrg();
    const config = mailgunConfig();
    const mailgun = await addProvider(org, "mailgun", config);
    const m = mail();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { body, contentType } = await multipart([...mailgunFields(m), ...mailgunSignature(config.webhookSigningKey)]);
      const res = await postRaw(mailgun.id, body, { "content-type": contentType });
      expect(res.status).toBe(200);
      ids.push(res.body.ids[0]);
    }
    expect(ids[1]).toBe(ids[0]);

    const keys = newSendgridKeys();
    const sendgrid = await addProvider(org, "sendgrid", { apiKey: "SG.test-key", inboundPublicKey: keys.publicKey });
    const s = mail();
    const { body, contentType } = await multipart(sendgridFields(s));
    const first = await postRaw(sendgrid.id, body, sendgridSigned(keys.privateKey, body, contentType, new Date(Date.now() - 60_000)));
    const retry = await postRaw(sendgrid.id, body, sendgridSigned(keys.privateKey, body, contentType));
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await inboundCount(org)).toBe(2);
  });
});
