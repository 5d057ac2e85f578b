// POST /api/webhooks/providers/{providerId} end to end: each provider's own signature scheme,
// events matched to our messages by the provider's message id, published once, fanned out to
// the organization's endpoints, bounces/complaints/unsubscribes suppressed; anything unverified
// is 401 with nothing recorded, and no event ever reaches another organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { basicAuthHeaders, mailgunBody, newSendgridKeys, newSvixSecret, sendgridHeaders, svixHeaders } from "../helpers/provider-signing";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;
type Provider = { id: string; name: string };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const hex = (n = 4) => randomBytes(n).toString("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JSON_TYPE = { "content-type": "application/json" };

async function addProvider(org: Org, type: string, config: Record<string, unknown>): Promise<Provider> {
  const res = await call("/api/providers", {
    cookie: org.cookie,
    body: { name: `${type} ${hex()}`, type, config, isActive: true, priority: 10 },
  });
  if (res.status !== 201) throw new Error(`provider create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Provider;
}

/** A message as the send pipeline records it once the provider accepted it with `providerMessageId`. */
async function sentMessage(org: Org, provider: Provider, providerMessageId: string) {
  return db().message.create({
    data: {
      orgId: org.org.id,
      projectId: org.project.id,
      fromAddress: "news@acme.test",
      to: ["reader@example.test"],
      cc: [],
      bcc: [],
      subject: "Welcome",
      status: "sent",
      sendMode: "production",
      providerId: provider.id,
      providerName: provider.name,
      providerMessageId,
      messageIdHeader: `<${randomUUID()}@acme.test>`,
      sentAt: new Date(),
    },
  });
}

/** An org-wide endpoint subscribed to everything, on the receiver; returns its path there. */
async function addEndpoint(org: Org): Promise<string> {
  const { key } = await createKey(org.cookie, ["webhooks:write"]);
  const path = `/provider-events-${hex()}`;
  const res = await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(path) } });
  if (res.status !== 201) throw new Error(`endpoint create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return path;
}

async function setup(type: string, config: Record<string, unknown>, providerMessageId: string) {
  const org = await newOrg();
  const provider = await addProvider(org, type, config);
  const message = await sentMessage(org, provider, providerMessageId);
  const path = await addEndpoint(org);
  return { org, provider, message, path };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const post = (providerId: string, raw: string, headers: Record<string, string>) =>
  call(`/api/webhooks/providers/${providerId}`, { raw, headers });

async function footprint(orgId: string) {
  const [events, suppressions, deliveries] = await Promise.all([
    db().emailEvent.count({ where: { orgId } }),
    db().suppression.count({ where: { orgId } }),
    db().webhookDelivery.count({ where: { orgId } }),
  ]);
  return { events, suppressions, deliveries };
}

interface Expected {
  type: string;
  recipient: string;
  occurredAt: string;
  reason?: string;
  url?: string;
  bounceKind?: "hard" | "soft";
}
const byTypeAndRecipient = (a: { type: string; recipient: string }, b: { type: string; recipient: string }) =>
  `${a.type}|${a.recipient}`.localeCompare(`${b.type}|${b.recipient}`);

/** The org's email_events are exactly `expected`, on `s.message`, and its endpoint received each once as SPEC's payload. */
async function expectPublished(s: Setup, expected: Expected[]) {
  const sorted = [...expected].sort(byTypeAndRecipient);
  const rows = await db().emailEvent.findMany({ where: { orgId: s.org.org.id } });
  const seen = rows.map((r) => ({
    type: r.type,
    recipient: r.recipient,
    occurredAt: r.occurredAt.toISOString(),
    reason: r.reason ?? undefined,
    url: r.url ?? undefined,
    bounceKind: (r.metadata as { bounceKind?: string }).bounceKind,
  }));
  expect(seen.sort(byTypeAndRecipient)).toEqual(sorted);
  for (const r of rows) {
    expect(r).toMatchObject({
      messageId: s.message.id,
      projectId: s.org.project.id,
      source: "provider",
      providerId: s.provider.id,
      sendMode: "production",
    });
  }
  const hits = await receiver.waitFor(s.path, expected.length);
  const bodies = hits.map((h) => JSON.parse(h.body)).sort(byTypeAndRecipient);
  expect(bodies).toEqual(
    sorted.map((e) => ({
      type: e.type,
      occurred_at: e.occurredAt,
      project_id: s.org.project.id,
      email_id: s.message.id,
      campaign_send_id: null,
      recipient: e.recipient,
      send_mode: "production",
      tags: [],
      ...(e.url ? { url: e.url } : {}),
      ...(e.reason ? { reason: e.reason } : {}),
    })),
  );
}

async function suppressionsOf(orgId: string) {
  const rows = await db().suppression.findMany({ where: { orgId }, orderBy: { email: "asc" } });
  return rows.map((r) => ({ email: r.email, reason: r.reason, messageId: r.messageId }));
}

// ---------------------------------------------------------------------------------------------
// Payload builders, shaped like the providers' documented examples (as in tests/unit/provider-events).

function resendEvent(emailId: string, type: string, createdAt: string, to: string[], extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    type,
    created_at: createdAt,
    data: {
      created_at: createdAt.replace("Z", "+00:00"),
      email_id: emailId,
      from: "Acme <news@acme.test>",
      to,
      subject: "Welcome",
      ...extra,
    },
  });
}
const permanentBounce = {
  bounce: { message: "550 5.1.1 The email account that you tried to reach does not exist.", subType: "General", type: "Permanent" },
};

const svixId = () => `msg_${randomBytes(14).toString("base64url")}`;

function postmarkBounce(messageId: string, id: number, type: string, email: string, details: string) {
  return JSON.stringify({
    RecordType: "Bounce",
    ID: id,
    Type: type,
    TypeCode: type === "HardBounce" ? 1 : 4096,
    Name: type,
    Tag: "welcome",
    MessageID: messageId,
    MessageStream: "outbound",
    Description: "The server was unable to deliver your message.",
    Details: details,
    Email: email,
    From: "news@acme.test",
    BouncedAt: "2026-11-20T09:01:00.5000000Z",
    Inactive: type === "HardBounce",
    CanActivate: true,
  });
}

function mailgunEvent(messageId: string, event: string, recipient: string, timestamp: number, extra: Record<string, unknown> = {}) {
  return {
    id: randomBytes(16).toString("base64url"),
    event,
    timestamp,
    "log-level": "info",
    recipient,
    "recipient-domain": recipient.split("@")[1],
    message: {
      headers: { to: recipient, "message-id": messageId, from: "news@acme.test", subject: "Welcome" },
      attachments: [],
      size: 1234,
    },
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------

describe("provider events, correctly signed, per provider", () => {
  it("Resend (Svix): delivery to two recipients, hard and soft bounce, complaint, open and click are published, fanned out and suppressed", async () => {
    const secret = newSvixSecret();
    const emailId = randomUUID();
    const s = await setup("resend", { apiKey: "re_test_123", webhookSecret: secret }, emailId);
    const send = async (body: string, received: number) => {
      const res = await post(s.provider.id, body, svixHeaders(secret, svixId(), body));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received, published: received });
    };
    await send(resendEvent(emailId, "email.delivered", "2026-11-20T09:00:01.000Z", ["Reader@Example.test", "second@example.test"]), 2);
    await send(resendEvent(emailId, "email.bounced", "2026-11-20T09:00:02.000Z", ["gone@example.test"], permanentBounce), 1);
    await send(
      resendEvent(emailId, "email.bounced", "2026-11-20T09:00:03.000Z", ["full@example.test"], {
        bounce: { message: "452 4.2.2 Mailbox full", subType: "MailboxFull", type: "Transient" },
      }),
      1,
    );
    await send(resendEvent(emailId, "email.complained", "2026-11-20T09:00:04.000Z", ["angry@example.test"]), 1);
    await send(
      resendEvent(emailId, "email.opened", "2026-11-20T09:00:05.000Z", ["reader@example.test"], {
        open: { ipAddress: "203.0.113.9", timestamp: "2026-11-20T09:00:05.000Z", userAgent: "Mozilla/5.0" },
      }),
      1,
    );
    const click = {
      click: {
        ipAddress: "203.0.113.9",
        link: "https://acme.test/welcome?ref=mail",
        timestamp: "2026-11-20T09:00:06.000Z",
        userAgent: "Mozilla/5.0",
      },
    };
    await send(resendEvent(emailId, "email.clicked", "2026-11-20T09:00:06.000Z", ["reader@example.test"], click), 1);
    // email.sent was recorded by our own send: acknowledged, not published again.
    await send(resendEvent(emailId, "email.sent", "2026-11-20T09:00:00.000Z", ["reader@example.test"]), 0);

    await expectPublished(s, [
      { type: "email.delivered", recipient: "reader@example.test", occurredAt: "2026-11-20T09:00:01.000Z" },
      { type: "email.delivered", recipient: "second@example.test", occurredAt: "2026-11-20T09:00:01.000Z" },
      {
        type: "email.bounced",
        recipient: "gone@example.test",
        occurredAt: "2026-11-20T09:00:02.000Z",
        reason: permanentBounce.bounce.message,
        bounceKind: "hard",
      },
      {
        type: "email.bounced",
        recipient: "full@example.test",
        occurredAt: "2026-11-20T09:00:03.000Z",
        reason: "452 4.2.2 Mailbox full",
        bounceKind: "soft",
      },
      { type: "email.complained", recipient: "angry@example.test", occurredAt: "2026-11-20T09:00:04.000Z" },
      { type: "email.opened", recipient: "reader@example.test", occurredAt: "2026-11-20T09:00:05.000Z" },
      {
        type: "email.clicked",
        recipient: "reader@example.test",
        occurredAt: "2026-11-20T09:00:06.000Z",
        url: "https://acme.test/welcome?ref=mail",
      },
    ]);
    expect(await suppressionsOf(s.org.org.id)).toEqual([
      { email: "angry@example.test", reason: "complaint", messageId: s.message.id },
      { email: "gone@example.test", reason: "bounce", messageId: s.message.id },
    ]);
  });

  it("SendGrid (ECDSA): a signed batch is published event by event; processed is skipped, a block is a soft bounce", async () => {
    const keys = newSendgridKeys();
    const xMessageId = randomBytes(16).toString("base64url"); // what the v3 mail/send API answers in X-Message-Id
    const s = await setup("sendgrid", { apiKey: "SG.test-key", webhookPublicKey: keys.publicKey }, xMessageId);
    const base = {
      timestamp: 1_763_629_200,
      "smtp-id": `<${xMessageId}@geopod-ismtpd-4>`,
      sg_message_id: `${xMessageId}.filterdrecv-5645d9c87f-78xgx-1-5FF3A2E4-1F.0`,
      category: ["welcome"],
    };
    const batch = JSON.stringify([
      { ...base, email: "reader@example.test", event: "processed", sg_event_id: `processed-${hex()}` },
      { ...base, email: "Reader@Example.test", event: "delivered", sg_event_id: `delivered-${hex()}`, response: "250 2.0.0 OK" },
      {
        ...base,
        email: "gone@example.test",
        event: "bounce",
        sg_event_id: `bounce-${hex()}`,
        type: "bounce",
        status: "5.1.1",
        reason: "550 5.1.1 unknown recipient",
        bounce_classification: "Invalid Address",
      },
      {
        ...base,
        email: "blocked@example.test",
        event: "bounce",
        sg_event_id: `blocked-${hex()}`,
        type: "blocked",
        status: "5.7.1",
        reason: "550 5.7.1 blocked by reputation",
      },
      {
        ...base,
        timestamp: 1_763_629_260,
        email: "reader@example.test",
        event: "open",
        sg_event_id: `open-${hex()}`,
        useragent: "Mozilla/5.0",
        ip: "203.0.113.9",
        sg_machine_open: false,
      },
      {
        ...base,
        timestamp: 1_763_629_320,
        email: "reader@example.test",
        event: "click",
        sg_event_id: `click-${hex()}`,
        url: "https://acme.test/pricing",
        url_offset: { index: 0, type: "html" },
      },
      { ...base, email: "angry@example.test", event: "spamreport", sg_event_id: `spam-${hex()}` },
      { ...base, email: "leaver@example.test", event: "unsubscribe", sg_event_id: `unsub-${hex()}` },
    ]);
    const res = await post(s.provider.id, batch, sendgridHeaders(keys.privateKey, batch));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 7, published: 7 });

    const at = (seconds: number) => new Date(seconds * 1000).toISOString();
    await expectPublished(s, [
      { type: "email.delivered", recipient: "reader@example.test", occurredAt: at(1_763_629_200) },
      {
        type: "email.bounced",
        recipient: "gone@example.test",
        occurredAt: at(1_763_629_200),
        reason: "550 5.1.1 unknown recipient",
        bounceKind: "hard",
      },
      {
        type: "email.bounced",
        recipient: "blocked@example.test",
        occurredAt: at(1_763_629_200),
        reason: "550 5.7.1 blocked by reputation",
        bounceKind: "soft",
      },
      { type: "email.opened", recipient: "reader@example.test", occurredAt: at(1_763_629_260) },
      { type: "email.clicked", recipient: "reader@example.test", occurredAt: at(1_763_629_320), url: "https://acme.test/pricing" },
      { type: "email.complained", recipient: "angry@example.test", occurredAt: at(1_763_629_200) },
      { type: "email.unsubscribed", recipient: "leaver@example.test", occurredAt: at(1_763_629_200) },
    ]);
    expect(await suppressionsOf(s.org.org.id)).toEqual([
      { email: "angry@example.test", reason: "complaint", messageId: s.message.id },
      { email: "gone@example.test", reason: "bounce", messageId: s.message.id },
      { email: "leaver@example.test", reason: "unsubscribe", messageId: s.message.id },
    ]);
  });

  it("Postmark (Basic auth): delivery, hard and soft bounce, spam complaint, open, click and unsubscribe", async () => {
    const auth = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
    const messageId = randomUUID();
    const s = await setup("postmark", { serverToken: randomUUID(), ...auth }, messageId);
    const send = async (record: string, received = 1) => {
      const res = await post(s.provider.id, record, basicAuthHeaders(auth.webhookUsername, auth.webhookPassword));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received, published: received });
    };
    const tracked = { MessageStream: "outbound", MessageID: messageId, Tag: "welcome", Metadata: {} };
    await send(
      JSON.stringify({
        RecordType: "Delivery",
        ServerID: 23,
        ...tracked,
        Recipient: "Reader@Example.test",
        DeliveredAt: "2026-11-20T09:00:01Z",
        Details: "smtp;250 2.0.0 OK",
      }),
    );
    await send(
      postmarkBounce(
        messageId,
        4_000_000_001 + Math.floor(Math.random() * 1e6),
        "HardBounce",
        "gone@example.test",
        "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
      ),
    );
    await send(
      postmarkBounce(
        messageId,
        4_100_000_001 + Math.floor(Math.random() * 1e6),
        "SoftBounce",
        "full@example.test",
        "smtp;452 4.2.2 Mailbox full",
      ),
    );
    // An auto-reply arrives on the bounce webhook too: acknowledged, no event.
    await send(
      postmarkBounce(messageId, 4_200_000_001 + Math.floor(Math.random() * 1e6), "AutoResponder", "away@example.test", "Out of office"),
      0,
    );
    const complaint = JSON.parse(
      postmarkBounce(messageId, 4_300_000_001 + Math.floor(Math.random() * 1e6), "SpamComplaint", "angry@example.test", ""),
    );
    await send(JSON.stringify({ ...complaint, RecordType: "SpamComplaint", TypeCode: 512, BouncedAt: "2026-11-20T09:00:04Z" }));
    await send(
      JSON.stringify({
        RecordType: "Open",
        ...tracked,
        FirstOpen: true,
        Recipient: "reader@example.test",
        ReceivedAt: "2026-11-20T09:00:05.1234567Z",
        Platform: "WebMail",
        ReadSeconds: 5,
      }),
    );
    await send(
      JSON.stringify({
        RecordType: "Click",
        ...tracked,
        Recipient: "reader@example.test",
        ReceivedAt: "2026-11-20T09:00:06Z",
        ClickLocation: "HTML",
        OriginalLink: "https://acme.test/start",
      }),
    );
    await send(
      JSON.stringify({
        RecordType: "SubscriptionChange",
        ...tracked,
        ServerID: 23,
        ChangedAt: "2026-11-20T09:00:07Z",
        Recipient: "leaver@example.test",
        Origin: "Recipient",
        SuppressSending: true,
        SuppressionReason: "ManualSuppression",
      }),
    );

    await expectPublished(s, [
      { type: "email.delivered", recipient: "reader@example.test", occurredAt: "2026-11-20T09:00:01.000Z" },
      {
        type: "email.bounced",
        recipient: "gone@example.test",
        occurredAt: "2026-11-20T09:01:00.500Z",
        reason: "smtp;550 5.1.1 The email account that you tried to reach does not exist.",
        bounceKind: "hard",
      },
      {
        type: "email.bounced",
        recipient: "full@example.test",
        occurredAt: "2026-11-20T09:01:00.500Z",
        reason: "smtp;452 4.2.2 Mailbox full",
        bounceKind: "soft",
      },
      { type: "email.complained", recipient: "angry@example.test", occurredAt: "2026-11-20T09:00:04.000Z" },
      { type: "email.opened", recipient: "reader@example.test", occurredAt: "2026-11-20T09:00:05.123Z" },
      { type: "email.clicked", recipient: "reader@example.test", occurredAt: "2026-11-20T09:00:06.000Z", url: "https://acme.test/start" },
      { type: "email.unsubscribed", recipient: "leaver@example.test", occurredAt: "2026-11-20T09:00:07.000Z" },
    ]);
    expect(await suppressionsOf(s.org.org.id)).toEqual([
      { email: "angry@example.test", reason: "complaint", messageId: s.message.id },
      { email: "gone@example.test", reason: "bounce", messageId: s.message.id },
      { email: "leaver@example.test", reason: "unsubscribe", messageId: s.message.id },
    ]);
  });

  it("Mailgun (HMAC in the body): the send API's bracketed id matches the events' bare Message-Id", async () => {
    const signingKey = hex(16);
    const bare = `20261120090000.${hex()}@mg.acme.test`;
    // Mailgun's send API answers {"id": "<…@domain>"}; that is what the adapter stores.
    const s = await setup("mailgun", { apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: signingKey }, `<${bare}>`);
    const send = async (eventData: unknown, received = 1) => {
      const res = await post(s.provider.id, mailgunBody(signingKey, eventData), JSON_TYPE);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received, published: received });
    };
    const t0 = 1_763_629_201.123456;
    await send(mailgunEvent(bare, "accepted", "reader@example.test", t0 - 1), 0);
    await send(
      mailgunEvent(bare, "delivered", "Reader@Example.test", t0, {
        "delivery-status": { tls: true, code: 250, description: "", message: "OK", "attempt-no": 1 },
      }),
    );
    await send(
      mailgunEvent(bare, "failed", "gone@example.test", t0 + 1, {
        "log-level": "error",
        severity: "permanent",
        reason: "bounce",
        "delivery-status": { code: 550, message: "550 5.1.1 The email account that you tried to reach does not exist.", description: "" },
      }),
    );
    await send(
      mailgunEvent(bare, "failed", "full@example.test", t0 + 2, {
        "log-level": "warn",
        severity: "temporary",
        reason: "generic",
        "delivery-status": { code: 452, message: "452 4.2.2 Mailbox full", description: "" },
      }),
    );
    await send(mailgunEvent(bare, "opened", "reader@example.test", t0 + 3, { ip: "203.0.113.9" }));
    await send(mailgunEvent(bare, "clicked", "reader@example.test", t0 + 4, { url: "https://acme.test/docs" }));
    await send(mailgunEvent(bare, "complained", "angry@example.test", t0 + 5));
    await send(mailgunEvent(bare, "unsubscribed", "leaver@example.test", t0 + 6));

    const at = (seconds: number) => new Date(Math.trunc(seconds * 1000)).toISOString();
    await expectPublished(s, [
      { type: "email.delivered", recipient: "reader@example.test", occurredAt: at(t0) },
      {
        type: "email.bounced",
        recipient: "gone@example.test",
        occurredAt: at(t0 + 1),
        reason: "550 5.1.1 The email account that you tried to reach does not exist.",
        bounceKind: "hard",
      },
      { type: "email.deferred", recipient: "full@example.test", occurredAt: at(t0 + 2), reason: "452 4.2.2 Mailbox full" },
      { type: "email.opened", recipient: "reader@example.test", occurredAt: at(t0 + 3) },
      { type: "email.clicked", recipient: "reader@example.test", occurredAt: at(t0 + 4), url: "https://acme.test/docs" },
      { type: "email.complained", recipient: "angry@example.test", occurredAt: at(t0 + 5) },
      { type: "email.unsubscribed", recipient: "leaver@example.test", occurredAt: at(t0 + 6) },
    ]);
    expect(await suppressionsOf(s.org.org.id)).toEqual([
      { email: "angry@example.test", reason: "complaint", messageId: s.message.id },
      { email: "gone@example.test", reason: "bounce", messageId: s.message.id },
      { email: "leaver@example.test", reason: "unsubscribe", messageId: s.message.id },
    ]);
  });
});

describe("a webhook delivered twice is published once", () => {
  /** Sends the same webhook twice (`sign` may re-sign it, as a provider's retry does); one row, one delivery. */
  async function expectOnce(s: Setup, sign: () => { body: string; headers: Record<string, string> }, events: number) {
    const first = sign();
    expect((await post(s.provider.id, first.body, first.headers)).body).toEqual({ received: events, published: events });
    const again = sign();
    const second = await post(s.provider.id, again.body, again.headers);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: events, published: 0 });
    expect(await footprint(s.org.org.id)).toMatchObject({ events, deliveries: events });
    await receiver.waitFor(s.path, events);
    await sleep(1_500); // a second delivery would have arrived by now
    expect(receiver.received.filter((r) => r.path === s.path)).toHaveLength(events);
  }

  it("Resend: a retry keeps its svix-id (re-signed with a new timestamp)", async () => {
    const secret = newSvixSecret();
    const emailId = randomUUID();
    const s = await setup("resend", { apiKey: "re_test_123", webhookSecret: secret }, emailId);
    const id = svixId();
    const body = resendEvent(emailId, "email.bounced", "2026-11-20T09:00:02.000Z", ["gone@example.test"], permanentBounce);
    let attempt = 0;
    await expectOnce(s, () => ({ body, headers: svixHeaders(secret, id, body, new Date(Date.now() - 60_000 * attempt++)) }), 1);
    expect(await suppressionsOf(s.org.org.id)).toEqual([{ email: "gone@example.test", reason: "bounce", messageId: s.message.id }]);
  });

  it("Postmark: a Delivery carries no event id, so the hash of message, type, recipient and time keys it", async () => {
    const auth = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
    const messageId = randomUUID();
    const s = await setup("postmark", { serverToken: randomUUID(), ...auth }, messageId);
    const body = JSON.stringify({
      RecordType: "Delivery",
      ServerID: 23,
      MessageStream: "outbound",
      MessageID: messageId,
      Recipient: "reader@example.test",
      DeliveredAt: "2026-11-20T09:00:01Z",
      Details: "OK",
    });
    await expectOnce(s, () => ({ body, headers: basicAuthHeaders(auth.webhookUsername, auth.webhookPassword) }), 1);
  });

  it("SendGrid: a re-posted batch (by sg_event_id) and Mailgun: a re-signed event (by event id)", async () => {
    const keys = newSendgridKeys();
    const xMessageId = randomBytes(16).toString("base64url");
    const sg = await setup("sendgrid", { apiKey: "SG.test-key", webhookPublicKey: keys.publicKey }, xMessageId);
    const base = { timestamp: 1_763_629_200, sg_message_id: `${xMessageId}.filterdrecv-1.0` };
    const batch = JSON.stringify([
      { ...base, email: "reader@example.test", event: "delivered", sg_event_id: `d-${hex()}` },
      { ...base, email: "reader@example.test", event: "open", sg_event_id: `o-${hex()}` },
    ]);
    await expectOnce(sg, () => ({ body: batch, headers: sendgridHeaders(keys.privateKey, batch) }), 2);

    const signingKey = hex(16);
    const bare = `${hex()}@mg.acme.test`;
    const mg = await setup("mailgun", { apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: signingKey }, `<${bare}>`);
    const event = mailgunEvent(bare, "delivered", "reader@example.test", 1_763_629_201.5);
    // Each retry has a new token and signature around the same event-data.
    await expectOnce(mg, () => ({ body: mailgunBody(signingKey, event), headers: JSON_TYPE }), 1);
  });
});

describe("unverified requests are refused with 401 and record nothing", () => {
  /** Each attempt is answered 401 {error}; nothing is recorded or delivered; then a genuine request is accepted. */
  async function expectRefused(
    s: Setup,
    attempts: { body: string; headers: Record<string, string> }[],
    genuine: { body: string; headers: Record<string, string> },
  ) {
    const before = await footprint(s.org.org.id);
    for (const a of attempts) {
      const res = await post(s.provider.id, a.body, a.headers);
      expect(res.status, a.body.slice(0, 80)).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(await footprint(s.org.org.id)).toEqual(before);
    // The same event, genuinely signed, goes through: the refusals were the signature's doing.
    const ok = await post(s.provider.id, genuine.body, genuine.headers);
    expect(ok.status).toBe(200);
    expect(ok.body.published).toBeGreaterThan(0);
    await receiver.waitFor(s.path, ok.body.published);
    await sleep(500);
    expect(receiver.received.filter((r) => r.path === s.path)).toHaveLength(ok.body.published);
  }

  it("Resend: another secret, a forged signature, a changed body, a stale timestamp, missing headers, an unsigned unreadable body", async () => {
    const secret = newSvixSecret();
    const emailId = randomUUID();
    const s = await setup("resend", { apiKey: "re_test_123", webhookSecret: secret }, emailId);
    const body = resendEvent(emailId, "email.bounced", "2026-11-20T09:00:02.000Z", ["gone@example.test"], permanentBounce);
    const id = svixId();
    const signed = svixHeaders(secret, id, body);
    await expectRefused(
      s,
      [
        { body, headers: svixHeaders(newSvixSecret(), id, body) },
        { body, headers: { ...signed, "svix-signature": `v1,${randomBytes(32).toString("base64")}` } },
        { body: body.replace("Permanent", "Transient"), headers: signed },
        { body, headers: svixHeaders(secret, id, body, new Date(Date.now() - 6 * 60_000)) },
        { body, headers: { ...signed, "svix-signature": "" } },
        { body, headers: JSON_TYPE },
        { body: "{not json", headers: JSON_TYPE },
      ],
      { body, headers: signed },
    );
    expect(await suppressionsOf(s.org.org.id)).toEqual([{ email: "gone@example.test", reason: "bounce", messageId: s.message.id }]);
  });

  it("Resend without a webhook secret configured refuses even a signed request", async () => {
    const emailId = randomUUID();
    const s = await setup("resend", { apiKey: "re_test_123" }, emailId);
    const body = resendEvent(emailId, "email.complained", "2026-11-20T09:00:04.000Z", ["angry@example.test"]);
    const before = await footprint(s.org.org.id);
    const res = await post(s.provider.id, body, svixHeaders(newSvixSecret(), svixId(), body));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.stringMatching(/not configured/) });
    expect(await footprint(s.org.org.id)).toEqual(before);
  });

  it("SendGrid: another key's signature, a changed body, garbage, a stale timestamp, missing headers", async () => {
    const keys = newSendgridKeys();
    const xMessageId = randomBytes(16).toString("base64url");
    const s = await setup("sendgrid", { apiKey: "SG.test-key", webhookPublicKey: keys.publicKey }, xMessageId);
    const body = JSON.stringify([
      {
        email: "gone@example.test",
        timestamp: 1_763_629_200,
        event: "bounce",
        type: "bounce",
        reason: "550 5.1.1 unknown",
        sg_event_id: `b-${hex()}`,
        sg_message_id: `${xMessageId}.filter0001.0`,
      },
    ]);
    const signed = sendgridHeaders(keys.privateKey, body);
    await expectRefused(
      s,
      [
        { body, headers: sendgridHeaders(newSendgridKeys().privateKey, body) },
        { body: body.replace("gone@", "gone2@"), headers: signed },
        { body, headers: { ...signed, "x-twilio-email-event-webhook-signature": "bm90IGEgc2lnbmF0dXJl" } },
        { body, headers: sendgridHeaders(keys.privateKey, body, new Date(Date.now() - 6 * 60_000)) },
        { body, headers: JSON_TYPE },
      ],
      { body, headers: signed },
    );
  });

  it("Postmark: a wrong password or username, another scheme, no credentials", async () => {
    const auth = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
    const messageId = randomUUID();
    const s = await setup("postmark", { serverToken: randomUUID(), ...auth }, messageId);
    const body = postmarkBounce(
      messageId,
      4_400_000_001 + Math.floor(Math.random() * 1e6),
      "HardBounce",
      "gone@example.test",
      "smtp;550 5.1.1 unknown",
    );
    await expectRefused(
      s,
      [
        { body, headers: basicAuthHeaders(auth.webhookUsername, `${auth.webhookPassword}x`) },
        { body, headers: basicAuthHeaders(auth.webhookUsername, "wrong-password-123") },
        { body, headers: basicAuthHeaders("someone", auth.webhookPassword) },
        { body, headers: { ...JSON_TYPE, authorization: `Bearer ${auth.webhookPassword}` } },
        { body, headers: JSON_TYPE },
      ],
      { body, headers: basicAuthHeaders(auth.webhookUsername, auth.webhookPassword) },
    );
  });

  it("Mailgun: another key, a signature for another timestamp, a stale timestamp, no signature", async () => {
    const signingKey = hex(16);
    const bare = `${hex()}@mg.acme.test`;
    const s = await setup("mailgun", { apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: signingKey }, `<${bare}>`);
    const event = mailgunEvent(bare, "complained", "angry@example.test", 1_763_629_201.5);
    const signed = JSON.parse(mailgunBody(signingKey, event));
    const shifted = { ...signed, signature: { ...signed.signature, timestamp: String(Number(signed.signature.timestamp) + 1) } };
    await expectRefused(
      s,
      [
        { body: mailgunBody(hex(16), event), headers: JSON_TYPE },
        { body: JSON.stringify(shifted), headers: JSON_TYPE },
        { body: mailgunBody(signingKey, event, new Date(Date.now() - 6 * 60_000)), headers: JSON_TYPE },
        { body: JSON.stringify({ "event-data": event }), headers: JSON_TYPE },
      ],
      { body: JSON.stringify(signed), headers: JSON_TYPE },
    );
  });
});

describe("replays", () => {
  it("Mailgun signs a token, not the event data: the same signed token is refused the second time (401, nothing recorded)", async () => {
    const signingKey = hex(16);
    const bare = `${hex()}@mg.acme.test`;
    const s = await setup("mailgun", { apiKey: "key-test", domain: "mg.acme.test", webhookSigningKey: signingKey }, `<${bare}>`);
    const signed = JSON.parse(mailgunBody(signingKey, mailgunEvent(bare, "delivered", "reader@example.test", Date.now() / 1000)));
    const first = await post(s.provider.id, JSON.stringify(signed), JSON_TYPE);
    expect(first.status).toBe(200);
    // Someone who saw that request swaps in other event data (a fresh id, a bounce) under the same signature.
    const forged = {
      ...signed,
      "event-data": mailgunEvent(bare, "failed", "victim@example.test", Date.now() / 1000, { severity: "permanent", id: hex() }),
    };
    const replay = await post(s.provider.id, JSON.stringify(forged), JSON_TYPE);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/replay/);
    expect(await db().suppression.count({ where: { email: "victim@example.test" } })).toBe(0);
  });
});

describe("SES through SNS", () => {
  const topic = `arn:aws:sns:us-east-1:123456789012:ses-events-${hex()}`;
  const sesConfig = {
    region: "us-east-1",
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  };

  function snsBounce(sesMessageId: string, fields: Record<string, string>) {
    const sesEvent = {
      eventType: "Bounce",
      mail: {
        timestamp: "2026-11-20T09:00:00.000Z",
        source: "news@acme.test",
        messageId: sesMessageId,
        destination: ["gone@example.test"],
      },
      bounce: {
        bounceType: "Permanent",
        bounceSubType: "General",
        timestamp: "2026-11-20T09:00:02.000Z",
        feedbackId: `0100${hex(8)}-000000`,
        bouncedRecipients: [
          { emailAddress: "gone@example.test", action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" },
        ],
      },
    };
    return JSON.stringify({
      Type: "Notification",
      MessageId: randomUUID(),
      TopicArn: topic,
      Message: JSON.stringify(sesEvent),
      Timestamp: "2026-11-20T09:00:03.012Z",
      SignatureVersion: "1",
      Signature: randomBytes(256).toString("base64"),
      UnsubscribeURL: "https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe",
      ...fields,
    });
  }
  const snsHeaders = (type = "Notification") => ({
    "content-type": "text/plain; charset=UTF-8",
    "x-amz-sns-message-type": type,
    "x-amz-sns-topic-arn": topic,
  });

  it("refuses a message whose SigningCertURL is not an SNS host, or from another topic, without fetching anything", async () => {
    const sesMessageId = `0100019a${hex(8)}-${randomUUID()}-000000`;
    const s = await setup("ses", { ...sesConfig, snsTopicArn: topic }, sesMessageId);
    const before = await footprint(s.org.org.id);
    const certPath = `/sns-cert-${hex()}.pem`;
    const subscribePath = `/sns-subscribe-${hex()}`;
    const attempts = [
      snsBounce(sesMessageId, { SigningCertURL: receiver.url(certPath) }),
      snsBounce(sesMessageId, { SigningCertURL: "https://sns.us-east-1.amazonaws.com.attacker.test/SimpleNotificationService-1.pem" }),
      snsBounce(sesMessageId, { SigningCertURL: "https://attacker.test/SimpleNotificationService-1.pem" }),
      snsBounce(sesMessageId, { SigningCertURL: "http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem" }),
      snsBounce(sesMessageId, {
        TopicArn: "arn:aws:sns:us-east-1:210987654321:someone-elses-topic",
        SigningCertURL: receiver.url(certPath),
      }),
    ];
    for (const body of attempts) {
      const res = await post(s.provider.id, body, snsHeaders());
      expect(res.status, body.slice(-160)).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    // A subscription confirmation is signed the same way: refused before its SubscribeURL is visited.
    const confirmation = JSON.stringify({
      Type: "SubscriptionConfirmation",
      MessageId: randomUUID(),
      Token: hex(32),
      TopicArn: topic,
      Message: `You have chosen to subscribe to the topic ${topic}.`,
      SubscribeURL: receiver.url(subscribePath),
      Timestamp: "2026-11-20T09:00:00.000Z",
      SignatureVersion: "1",
      Signature: randomBytes(256).toString("base64"),
      SigningCertURL: receiver.url(certPath),
    });
    const confirmed = await post(s.provider.id, confirmation, snsHeaders("SubscriptionConfirmation"));
    expect(confirmed.status).toBe(401);
    expect(await footprint(s.org.org.id)).toEqual(before);
    await sleep(300);
    expect(receiver.received.filter((r) => r.path === certPath || r.path === subscribePath || r.path === s.path)).toEqual([]);
  });

  it("an SES provider without snsTopicArn refuses every message", async () => {
    const sesMessageId = `0100019a${hex(8)}-${randomUUID()}-000000`;
    const s = await setup("ses", sesConfig, sesMessageId);
    const before = await footprint(s.org.org.id);
    const res = await post(
      s.provider.id,
      snsBounce(sesMessageId, { SigningCertURL: "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem" }),
      snsHeaders(),
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.stringMatching(/snsTopicArn/) });
    expect(await footprint(s.org.org.id)).toEqual(before);
  });
});

describe("routing", () => {
  it("404 for an unknown provider id, a non-uuid, a deleted provider, and providers without event webhooks (SMTP, demo)", async () => {
    const org = await newOrg();
    const secret = newSvixSecret();
    const body = resendEvent(randomUUID(), "email.delivered", "2026-11-20T09:00:01.000Z", ["reader@example.test"]);
    const headers = svixHeaders(secret, svixId(), body);
    const deleted = await addProvider(org, "resend", { apiKey: "re_test_123", webhookSecret: secret });
    expect((await call(`/api/providers/${deleted.id}`, { method: "DELETE", cookie: org.cookie })).body).toEqual({ removed: true });
    const smtp = await addProvider(org, "smtp", {
      host: "127.0.0.1",
      port: 2525,
      secure: false,
      username: "relay",
      password: "relay-password",
    });
    const demo = await addProvider(org, "demo", {});
    for (const id of [randomUUID(), "not-a-uuid", "00000000-0000-0000-0000-00000000000z", deleted.id, smtp.id, demo.id]) {
      const res = await post(id, body, headers);
      expect(res.status, id).toBe(404);
      expect(res.body.error, id).toEqual(expect.any(String));
    }
    expect(await footprint(org.org.id)).toEqual({ events: 0, suppressions: 0, deliveries: 0 });
  });

  it("events for a provider message id we do not know are acknowledged and dropped", async () => {
    const secret = newSvixSecret();
    const s = await setup("resend", { apiKey: "re_test_123", webhookSecret: secret }, randomUUID());
    const body = resendEvent(
      randomUUID(),
      "email.bounced",
      "2026-11-20T09:00:02.000Z",
      ["gone@example.test", "other@example.test"],
      permanentBounce,
    );
    const res = await post(s.provider.id, body, svixHeaders(secret, svixId(), body));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: 2, published: 0 });
    expect(await footprint(s.org.org.id)).toEqual({ events: 0, suppressions: 0, deliveries: 0 });
  });

  it("an authentic but unreadable body is 400 and records nothing", async () => {
    const secret = newSvixSecret();
    const emailId = randomUUID();
    const s = await setup("resend", { apiKey: "re_test_123", webhookSecret: secret }, emailId);
    const auth = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
    const postmark = await addProvider(s.org, "postmark", { serverToken: randomUUID(), ...auth });
    const bad = [
      "{not json",
      JSON.stringify({
        type: "email.bounced",
        created_at: "2026-11-20T09:00:02.000Z",
        data: { to: ["gone@example.test"], ...permanentBounce },
      }),
      resendEvent(emailId, "email.delivered", "yesterday", ["reader@example.test"]),
    ];
    for (const body of bad) {
      const res = await post(s.provider.id, body, svixHeaders(secret, svixId(), body));
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    const form = await post(postmark.id, "RecordType=Delivery&MessageID=x", {
      ...basicAuthHeaders(auth.webhookUsername, auth.webhookPassword),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(400);
    expect(await footprint(s.org.org.id)).toEqual({ events: 0, suppressions: 0, deliveries: 0 });
  });
});

describe("organizations are isolated", () => {
  it("a provider's events only match its own organization's messages, whatever another organization's rows say", async () => {
    const shared = randomUUID(); // the same provider message id in both organizations
    const secretA = newSvixSecret();
    const secretB = newSvixSecret();
    const a = await setup("resend", { apiKey: "re_test_123", webhookSecret: secretA }, shared);
    const b = await setup("resend", { apiKey: "re_test_456", webhookSecret: secretB }, shared);
    // A row in B claiming A's provider (no send path writes this; a lookup must still ignore it).
    const claimed = randomUUID();
    await sentMessage(b.org, a.provider, claimed);
    const id = svixId(); // providers' event ids are theirs: the same id at two providers is two events
    const bounce = (emailId: string) =>
      resendEvent(emailId, "email.bounced", "2026-11-20T09:00:02.000Z", ["gone@example.test"], permanentBounce);

    const toA = await post(a.provider.id, bounce(shared), svixHeaders(secretA, id, bounce(shared)));
    expect(toA.body).toEqual({ received: 1, published: 1 });
    const claimedToA = await post(a.provider.id, bounce(claimed), svixHeaders(secretA, svixId(), bounce(claimed)));
    expect(claimedToA.body).toEqual({ received: 1, published: 0 });
    // A's secret does not open B's webhook.
    expect((await post(b.provider.id, bounce(shared), svixHeaders(secretA, svixId(), bounce(shared)))).status).toBe(401);
    expect(await footprint(b.org.org.id)).toEqual({ events: 0, suppressions: 0, deliveries: 0 });

    const toB = await post(b.provider.id, bounce(shared), svixHeaders(secretB, id, bounce(shared)));
    expect(toB.body).toEqual({ received: 1, published: 1 });
    const expected: Expected[] = [
      {
        type: "email.bounced",
        recipient: "gone@example.test",
        occurredAt: "2026-11-20T09:00:02.000Z",
        reason: permanentBounce.bounce.message,
        bounceKind: "hard",
      },
    ];
    await expectPublished(a, expected);
    await expectPublished(b, expected);
    expect(await suppressionsOf(a.org.org.id)).toEqual([{ email: "gone@example.test", reason: "bounce", messageId: a.message.id }]);
    expect(await suppressionsOf(b.org.org.id)).toEqual([{ email: "gone@example.test", reason: "bounce", messageId: b.message.id }]);
    await sleep(500);
    expect(receiver.received.filter((r) => r.path === a.path)).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === b.path)).toHaveLength(1);
  });
});
