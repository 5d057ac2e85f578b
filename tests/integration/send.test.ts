// The send endpoints end to end: validation, test mode, allowance, idempotency, real SMTP
// delivery, failover, per-provider limits and the audit trail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg, freshSecondFactor } from "../helpers/factory";
import { deadPort, newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));
async function sink() {
  const s = await newSink();
  sinks.push(s);
  return s;
}

const ICS =
  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:1@example.test\r\nSUMMARY:Kick-off\r\nDTSTART:20261201T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";

describe("demo mode and test mode", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
    key = (await createKey(org.cookie, ["email:send"])).key;
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test", "qa@example.test"] } });
  });

  it("sends through the built-in demo provider when no real provider is set up", async () => {
    const res = await call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "Hello" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      messageId: expect.stringMatching(/^demo_/),
      status: "sent",
      provider: "demo",
      sentAt: expect.any(String),
    });
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ orgId: org.org.id, status: "sent", sendMode: "test", to: ["dev@example.test"], subject: "Hi" });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "email.send" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ outcome: "sent", sendMode: "test", recipientCount: 1, actorType: "api_key", projectId: org.project.id });
  });

  it("the legacy route answers the bare result, for a session too", async () => {
    const res = await call("/api/email/send", { cookie: org.cookie, body: { to: "qa@example.test", subject: "Hi", html: "<p>Hi</p>" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "sent", provider: "demo" });
  });

  it("in test mode refuses any recipient (to, cc or bcc) that is not on a test list, and sends nothing", async () => {
    const before = await db().message.count({ where: { orgId: org.org.id } });
    for (const extra of [
      { to: "stranger@example.test" },
      { to: "dev@example.test", cc: ["stranger@example.test"] },
      { to: "dev@example.test", bcc: "stranger@example.test" },
    ]) {
      const res = await call("/api/v1/email/send", { key, body: { subject: "Hi", text: "x", ...extra } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("TEST_MODE_RECIPIENT");
      expect(res.body.error).toContain("stranger@example.test");
    }
    const legacy = await call("/api/email/send", { key, body: { to: "stranger@example.test", subject: "Hi", text: "x" } });
    expect(legacy.status).toBe(403);
    expect(legacy.body.error).toContain("not on a test list");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    const refused = await db().auditLog.count({ where: { orgId: org.org.id, outcome: "refused_test_mode" } });
    expect(refused).toBe(4);
  });
});

describe("validation", () => {
  let key: string;
  beforeAll(async () => {
    const org = await newOrg();
    key = (await createKey(org.cookie, ["email:send"])).key;
  });
  const ok = { to: "a@example.test", subject: "Hi", text: "x" };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["to missing", { subject: "Hi", text: "x" }, /body\.to/],
    ["to invalid", { ...ok, to: "not an address" }, /body\.to/],
    ["to list with one invalid", { ...ok, to: ["a@example.test", "nope"] }, /body\.to/],
    ["to with a line break", { ...ok, to: "a@example.test\r\nBcc: x@evil.test" }, /body\.to/],
    ["too many recipients", { ...ok, to: Array.from({ length: 51 }, (_, i) => `r${i}@example.test`) }, /body\.to/],
    ["from invalid", { ...ok, from: "me@" }, /body\.from/],
    ["fromName with a line break", { ...ok, fromName: "Me\nBcc: x" }, /body\.fromName/],
    ["replyTo invalid", { ...ok, replyTo: "nope" }, /body\.replyTo/],
    ["cc invalid", { ...ok, cc: "nope" }, /body\.cc/],
    ["bcc invalid", { ...ok, bcc: ["nope"] }, /body\.bcc/],
    ["no recipient at all", { ...ok, to: [] }, /body\.to: give at least one recipient/],
    ["subject missing", { to: "a@example.test", text: "x" }, /body\.subject/],
    ["subject with a line break", { ...ok, subject: "Hi\r\nBcc: x@evil.test" }, /body\.subject/],
    ["no content", { to: "a@example.test", subject: "Hi" }, /html, text or templateId/],
    ["priority", { ...ok, priority: "urgent" }, /body\.priority/],
    ["emailType", { ...ok, emailType: "newsletter" }, /body\.emailType/],
    ["use_case_id", { ...ok, use_case_id: "abc" }, /body\.use_case_id/],
    ["use_case_attribution", { ...ok, use_case_attribution: "guess" }, /body\.use_case_attribution/],
    ["metadata not an object", { ...ok, metadata: "x" }, /body\.metadata/],
    ["attachment content not base64", { ...ok, attachments: [{ filename: "a.txt", content: "***" }] }, /body\.attachments\.0\.content/],
    [
      "attachment file name with a path",
      { ...ok, attachments: [{ filename: "../etc/passwd", content: "eA==" }] },
      /body\.attachments\.0\.filename/,
    ],
    [
      "attachment content type",
      { ...ok, attachments: [{ filename: "a.txt", content: "eA==", contentType: "text" }] },
      /body\.attachments\.0\.contentType/,
    ],
    ["calendar not iCalendar", { ...ok, calendar: { content: "hello" } }, /body\.calendar\.content/],
    ["calendar method", { ...ok, calendar: { method: "MAYBE", content: ICS } }, /body\.calendar\.method/],
    ["header with a line break", { ...ok, headers: { "X-A": "1\r\nBcc: x@evil.test" } }, /body\.headers\.X-A/],
    ["header overriding From", { ...ok, headers: { From: "ceo@example.test" } }, /body\.headers\.From/],
    ["header overriding DKIM-Signature", { ...ok, headers: { "dkim-signature": "v=1" } }, /body\.headers\.dkim-signature/],
    ["header name with a colon", { ...ok, headers: { "X:A": "1" } }, /body\.headers/],
    [
      "header Resent-From",
      { ...ok, headers: { "Resent-From": "ceo@bigbank.example" } },
      /body\.headers\.Resent-From: Resent-From cannot be set: it says who sent the message/,
    ],
    [
      "header Resent-Sender",
      { ...ok, headers: { "Resent-Sender": "ceo@bigbank.example" } },
      /body\.headers\.Resent-Sender: Resent-Sender cannot be set/,
    ],
    [
      "header Resent-Message-ID",
      { ...ok, headers: { "resent-message-id": "<x@bigbank.example>" } },
      /body\.headers\.resent-message-id: resent-message-id cannot be set/,
    ],
    ["header ARC-Anything", { ...ok, headers: { "ARC-Filter": "x" } }, /body\.headers\.ARC-Filter: ARC-Filter cannot be set/],
    ["header Received-SPF", { ...ok, headers: { "Received-SPF": "pass" } }, /body\.headers\.Received-SPF: Received-SPF cannot be set/],
    [
      "header X-Original-From",
      { ...ok, headers: { "X-Original-From": "ceo@bigbank.example" } },
      /body\.headers\.X-Original-From: X-Original-From cannot be set/,
    ],
    [
      "from whose quoted display name is an address",
      { ...ok, from: '"ceo@bigbank.example" <me@verified.example>' },
      /body\.from: the display name cannot contain an email address/,
    ],
    [
      "from whose display name holds an address",
      { ...ok, from: "CEO ceo@bigbank.example <me@verified.example>" },
      /body\.from: the display name cannot contain an email address/,
    ],
    [
      "fromName that is an address",
      { ...ok, fromName: "ceo@bigbank.example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName with a full-width at sign",
      { ...ok, fromName: "ceo\uFF20bigbank.example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    ["fromName with angle brackets", { ...ok, fromName: "Bank <support>" }, /body\.fromName: the display name cannot contain < or >/],
    [
      "fromName hiding an address in an encoded word",
      { ...ok, fromName: "=?utf-8?B?c2VjdXJpdHlAYmlnYmFuay5leGFtcGxl?=" },
      /body\.fromName: the display name cannot contain an encoded word/,
    ],
    [
      "fromName with spaces around the at sign",
      { ...ok, fromName: "security @ bigbank.example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName turned around by a right-to-left override",
      { ...ok, fromName: "\u202Eelpmaxe.knabgib @ ytiruces" },
      /body\.fromName: the display name cannot contain invisible or direction control characters/,
    ],
    [
      "fromName with a dot look-alike NFKC keeps (Lisu tone mark)",
      { ...ok, fromName: "security @ bigbank\uA4F8example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName with a Latin dot look-alike and spaces",
      { ...ok, fromName: "Security @ paypal \uA78F com" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName mixing Cyrillic into the domain",
      { ...ok, fromName: "Security @ paypa\u04CF\uA4F8com" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName with ideographic full stops",
      { ...ok, fromName: "security @ bigbank\u3002example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    [
      "fromName with a circled a for the at sign and a one-dot leader",
      { ...ok, fromName: "security\u24D0bigbank\u2024example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    ["unknown field", { ...ok, sendAt: "tomorrow" }, /sendAt/],
  ];
  it.each(cases)("refuses %s with 400 VALIDATION_ERROR", async (_name, body, message) => {
    const res = await call("/api/v1/email/send", { key, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.error).toMatch(message);
  });

  it("refuses an unknown templateId with 400", async () => {
    const res = await call("/api/v1/email/send", { key, body: { to: "a@example.test", subject: "Hi", templateId: "welcome" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("TEMPLATE_NOT_FOUND");
  });

  it("accepts bodies over 1 MiB on send routes but refuses over 40 MiB with 413", async () => {
    const big = { ...ok, attachments: [{ filename: "big.bin", content: Buffer.alloc(2 * 1024 * 1024).toString("base64") }] };
    expect((await call("/api/v1/email/send", { key, body: big })).status).not.toBe(413);
    const huge = await call("/api/v1/email/send", { key, body: { ...ok, text: "x".repeat(41 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a key without email:send", async () => {
    const org = await newOrg();
    const { key: readOnly } = await createKey(org.cookie, ["org:read"]);
    const res = await call("/api/v1/email/send", { key: readOnly, body: ok });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SCOPE_DENIED");
  });
});

describe("real delivery over SMTP", () => {
  it("delivers the full message to the provider's SMTP server", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const s = await sink();
    const provider = await smtpProvider(org.cookie, s);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const res = await call("/api/v1/email/send", {
      key,
      body: {
        from: "sender@example.test",
        fromName: "Ada Sender",
        replyTo: "replies@example.test",
        replyToName: "Replies",
        to: "Bob <bob@example.test>",
        cc: ["carol@example.test"],
        bcc: "hidden@example.test",
        subject: "Quarterly report",
        text: "Plain body",
        html: "<p>Html body</p>",
        headers: { "X-Campaign": "spring" },
        attachments: [{ filename: "report.csv", content: Buffer.from("a,b\n1,2\n").toString("base64"), contentType: "text/csv" }],
        calendar: { method: "REQUEST", content: ICS },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", provider: provider.name });
    expect(s.messages).toHaveLength(1);
    const received = s.messages[0];
    expect(received.rcptTo.sort()).toEqual(["bob@example.test", "carol@example.test", "hidden@example.test"]);
    const mail = await simpleParser(received.raw);
    expect(mail.from?.value[0]).toEqual({ address: "sender@example.test", name: "Ada Sender" });
    expect(mail.replyTo?.value[0]).toEqual({ address: "replies@example.test", name: "Replies" });
    expect(received.raw.toString()).not.toMatch(/hidden@example\.test/);
    expect(mail.text?.trim()).toBe("Plain body");
    expect(mail.html).toContain("Html body");
    expect(mail.headers.get("x-campaign")).toBe("spring");
    expect(mail.attachments.find((a) => a.filename === "report.csv")?.content.toString()).toBe("a,b\n1,2\n");
    expect(received.raw.toString()).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(mail.messageId).toBe(row.messageIdHeader);
    expect(row.providerId).toBe(provider.id);
  });
});

describe("failover and limits", () => {
  it("fails over from a broken provider to the next, marking the broken one unhealthy", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const s = await sink();
    const broken = await smtpProvider(org.cookie, await deadPort(), { priority: 1 });
    const working = await smtpProvider(org.cookie, s, { priority: 2 });
    const res = await call("/api/email/send", { cookie: org.cookie, body: { to: "x@example.test", subject: "Hi", text: "x" } });
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe(working.name);
    expect(s.messages).toHaveLength(1);
    const status = await call(`/api/providers/${broken.id}/status`, { cookie: org.cookie });
    expect(status.body.isHealthy).toBe(false);
    // The next send goes to the healthy one first: the broken provider is not tried again.
    await call("/api/email/send", { cookie: org.cookie, body: { to: "x@example.test", subject: "Hi again", text: "x" } });
    expect(s.messages).toHaveLength(2);
  });

  it("50 concurrent sends against a provider limited to 10 per minute put exactly 10 on it", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const [a, b] = [await sink(), await sink()];
    const limited = await smtpProvider(org.cookie, a, { priority: 1, rateLimitPerMinute: 10 });
    await smtpProvider(org.cookie, b, { priority: 2 });
    const { key } = await createKey(org.cookie, ["email:send"]);
    await db().apiKey.updateMany({ where: { orgId: org.org.id }, data: { rateLimitPerMinute: 1000 } });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call("/api/v1/email/send", { key, body: { to: `r${i}@example.test`, subject: `n${i}`, text: "x" } }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.data.provider === limited.name)).toHaveLength(10);
    expect(a.messages).toHaveLength(10);
    expect(b.messages).toHaveLength(40);
    const status = await call(`/api/providers/${limited.id}/status`, { cookie: org.cookie });
    expect(status.body).toMatchObject({ usageMinute: 10, rateLimitPerMinute: 10 });
  });

  it("answers 429 with Retry-After when no provider has capacity", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, await sink(), { rateLimitPerMinute: 1 });
    const body = { to: "x@example.test", subject: "Hi", text: "x" };
    expect((await call("/api/email/send", { cookie: org.cookie, body })).status).toBe(200);
    const res = await call("/api/email/send", { cookie: org.cookie, body });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });

  it("answers 500 {error} when every provider failed; the message is recorded as failed and not counted", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 5);
    await smtpProvider(org.cookie, await deadPort());
    const res = await call("/api/email/send", { cookie: org.cookie, body: { to: "x@example.test", subject: "Hi", text: "x" } });
    expect(res.status).toBe(500);
    expect(res.body.error).toMatch(/Every provider failed/);
    const row = await db().message.findFirstOrThrow({ where: { orgId: org.org.id } });
    expect(row.status).toBe("failed");
    expect(await db().sendCounter.findFirst({ where: { orgId: org.org.id } })).toMatchObject({ count: 0 });
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "email.send", outcome: "failed" } })).toBe(1);
  });
});

describe("bulk sends", () => {
  it("refuses production sends above require2faThreshold unless the key allows bulk sending", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const body = { to: ["a@example.test", "b@example.test"], cc: "c@example.test", subject: "Hi", text: "x" };
    const plain = await createKey(org.cookie, ["email:send"]);
    const refused = await call("/api/v1/email/send", { key: plain.key, body });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect((await call("/api/v1/email/send", { key: plain.key, body: { ...body, cc: undefined } })).status).toBe(200);
    await freshSecondFactor(org.cookie); // creating a key allowed bulk sending needs one
    const bulk = await createKey(org.cookie, ["email:send"], { allowBulk: true });
    expect((await call("/api/v1/email/send", { key: bulk.key, body })).status).toBe(200);
    expect(await db().auditLog.count({ where: { orgId: org.org.id, outcome: "refused_bulk" } })).toBe(1);
  });
});

describe("allowance and idempotency", () => {
  it("refuses sends past the monthly allowance with 429 QUOTA_EXCEEDED, exactly at the allowance under concurrency", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 5);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const results = await Promise.all(
      Array.from({ length: 9 }, () => call("/api/v1/email/send", { key, body: { to: "x@example.test", subject: "Hi", text: "x" } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0].body.code).toBe("QUOTA_EXCEEDED");
    expect(await db().auditLog.count({ where: { orgId: org.org.id, outcome: "refused_quota" } })).toBe(4);
  });

  it("records a project-bound key's sends, and their audit entries, in its project in either mode", async () => {
    const org = await newOrg();
    const project = await call("/api/projects", { cookie: org.cookie, body: { name: "Receipts" } });
    const { key } = await createKey(org.cookie, ["email:send"], { projectId: project.body.id });
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test"] } });
    const inTest = await call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "x" } });
    await productionMode(org.org.id);
    const inProduction = await call("/api/v1/email/send", { key, body: { to: "anyone@example.test", subject: "Hi", text: "x" } });
    const unbound = await call("/api/v1/email/send", {
      key: (await createKey(org.cookie, ["email:send"])).key,
      body: { to: "anyone@example.test", subject: "Hi", text: "x" },
    });
    const rows = await db().message.findMany({ where: { id: { in: [inTest, inProduction, unbound].map((r) => r.body.data.id) } } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(inTest.body.data.id)).toMatchObject({ projectId: project.body.id, sendMode: "test", status: "sent" });
    expect(byId.get(inProduction.body.data.id)).toMatchObject({ projectId: project.body.id, sendMode: "production", status: "sent" });
    expect(byId.get(unbound.body.data.id)).toMatchObject({ projectId: org.project.id, sendMode: "production" });
    const audit = await db().auditLog.findMany({ where: { orgId: org.org.id, action: "email.send", outcome: "sent" } });
    expect(audit.filter((a) => a.projectId === project.body.id)).toHaveLength(2);
  });

  it("gives the count back when safety refuses a send, and takes the plan's allowance when the account has none of its own", async () => {
    const org = await newOrg(); // free plan, test mode, no custom allowance: the plan's 1,000
    const { key } = await createKey(org.cookie, ["email:send"]);
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test"] } });
    const month = new Date().toISOString().slice(0, 7);
    await db().sendCounter.create({ data: { orgId: org.org.id, month, count: 999 } });
    const refused = await call("/api/v1/email/send", { key, body: { to: "stranger@example.test", subject: "Hi", text: "x" } });
    expect(refused.body.code).toBe("TEST_MODE_RECIPIENT");
    const counter = () => db().sendCounter.findUniqueOrThrow({ where: { orgId_month: { orgId: org.org.id, month } } });
    expect((await counter()).count).toBe(999);
    expect((await call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "x" } })).status).toBe(200);
    const over = await call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "x" } });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("QUOTA_EXCEEDED");
    expect((await counter()).count).toBe(1000);
    await db().organization.update({ where: { id: org.org.id }, data: { plan: "enterprise" } }); // no figure of its own: unlimited
    expect((await call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "x" } })).status).toBe(200);
    expect((await counter()).count).toBe(1001);
  });

  it("returns the first response for a repeated Idempotency-Key and sends once; another body is 409", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const body = { to: "x@example.test", subject: "Once", text: "x" };
    const headers = { "idempotency-key": "order-42-receipt" };
    const first = await call("/api/v1/email/send", { key, body, headers });
    const again = await call("/api/v1/email/send", { key, body, headers });
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(1);
    const other = await call("/api/v1/email/send", { key, body: { ...body, subject: "Different" }, headers });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_CONFLICT");
    const legacy = await call("/api/email/send", { key, body, headers: { "idempotency-key": "legacy-1" } });
    const legacyAgain = await call("/api/email/send", { key, body, headers: { "idempotency-key": "legacy-1" } });
    expect(legacyAgain.body).toEqual(legacy.body);
    expect((await call("/api/v1/email/send", { key, body, headers: { "idempotency-key": "bad key with spaces" } })).status).toBe(400);
  });
});
