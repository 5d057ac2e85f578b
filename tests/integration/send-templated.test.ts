// Sending stored templates: POST /api/email/send-templated (SPEC) and its v1 twin, and
// templateId on the plain send routes. Checked on the messages actually delivered over SMTP:
// escaping, defaults, derived text, version pinning; per-recipient results; template-level
// problems failing the whole call before anything is sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { simpleParser } from "mailparser";
import { call } from "../helpers/http";
import { createKey, newOrg, freshSecondFactor } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));

const EVIL = "<script>alert(1)</script>";
let n = 0;
const named = () => `tpl-${Date.now()}-${n++}`;

/** An organization in production mode whose only provider is SMTP to a local sink. */
async function smtpOrg() {
  const org = await newOrg();
  await productionMode(org.org.id);
  const sink = await newSink();
  sinks.push(sink);
  await smtpProvider(org.cookie, sink);
  const { key } = await createKey(org.cookie, ["email:send", "templates:read", "templates:write"]);
  return { org, sink, key };
}

async function createTemplate(key: string, body: Record<string, unknown>) {
  const res = await call("/api/v1/templates", { key, body: { name: named(), ...body } });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; version: number };
}

const parsed = (sink: SmtpSink, i: number) => simpleParser(sink.messages[i].raw);

describe("send-templated over SMTP", () => {
  let ctx: Awaited<ReturnType<typeof smtpOrg>>;
  beforeAll(async () => {
    ctx = await smtpOrg();
  });

  it("escapes a variable in html, leaves it raw in text, and sends each recipient its own message", async () => {
    const t = await createTemplate(ctx.key, {
      subject: "Hello {{name}}",
      html: "<p>Hi {{name}}</p><p>{{{trusted}}}</p>",
      text: "Hi {{name}}",
      variables: [{ name: "name", required: true }, { name: "trusted" }],
    });
    const before = ctx.sink.messages.length;
    const res = await call("/api/email/send-templated", {
      key: ctx.key,
      body: {
        templateId: t.id,
        variables: { name: EVIL, trusted: "<b>bold</b>" },
        recipients: ["a@example.test", "Bee <b@example.test>"],
        from: "sender@example.test",
        fromName: "Sender",
        replyTo: "r@example.test",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { recipient: "a@example.test", id: expect.any(String), status: "sent" },
      { recipient: "Bee <b@example.test>", id: expect.any(String), status: "sent" },
    ]);
    expect(ctx.sink.messages.length - before).toBe(2);
    expect(ctx.sink.messages.slice(before).map((m) => m.rcptTo)).toEqual([["a@example.test"], ["b@example.test"]]);
    const mail = await parsed(ctx.sink, before);
    expect(mail.subject).toBe(`Hello ${EVIL}`);
    expect(mail.html).toContain("<p>Hi &lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("<p><b>bold</b></p>"); // {{{ }}}: the author's explicit choice
    expect(mail.text?.trim()).toBe(`Hi ${EVIL}`);
    expect(mail.from?.value[0]).toEqual({ address: "sender@example.test", name: "Sender" });
    expect(mail.replyTo?.value[0].address).toBe("r@example.test");
    const rows = await db().message.findMany({ where: { id: { in: res.body.map((r: { id: string }) => r.id) } } });
    expect(rows.map((r) => r.subject)).toEqual([`Hello ${EVIL}`, `Hello ${EVIL}`]);
  });

  it("fills declared defaults and derives the text part from html when the template has none", async () => {
    const t = await createTemplate(ctx.key, {
      subject: "Your {{plan}} plan",
      html: '<h1>Welcome, {{name}}</h1><p>Plan: {{plan}}. <a href="https://example.test/start">Start</a></p>',
      variables: [
        { name: "name", required: true },
        { name: "plan", required: true, default: "Free" },
      ],
    });
    const before = ctx.sink.messages.length;
    const res = await call("/api/v1/email/send-templated", {
      key: ctx.key,
      body: { templateId: t.id, variables: { name: "Ann & Co" }, recipients: ["c@example.test"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.body.data).toEqual([{ recipient: "c@example.test", id: expect.any(String), status: "sent" }]);
    const mail = await parsed(ctx.sink, before);
    expect(mail.subject).toBe("Your Free plan");
    expect(mail.html).toContain("<h1>Welcome, Ann &amp; Co</h1><p>Plan: Free.");
    expect(mail.text).toContain("WELCOME, ANN & CO");
    expect(mail.text).toContain("Plan: Free. Start [https://example.test/start]");
  });

  it("a missing required variable is 400 naming it, and nothing is sent", async () => {
    const t = await createTemplate(ctx.key, {
      subject: "Hi {{first}}",
      text: "{{first}} {{last}} {{code}}",
      variables: [{ name: "first", required: true }, { name: "last" }, { name: "code", required: true }],
    });
    const before = { sink: ctx.sink.messages.length, rows: await db().message.count({ where: { orgId: ctx.org.org.id } }) };
    for (const route of ["/api/email/send-templated", "/api/v1/email/send-templated"]) {
      const res = await call(route, {
        key: ctx.key,
        body: { templateId: t.id, variables: { last: "x" }, recipients: ["a@example.test", "b@example.test"] },
      });
      expect(res.status, route).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toBe("Missing required template variables: first, code");
    }
    expect(ctx.sink.messages.length).toBe(before.sink);
    expect(await db().message.count({ where: { orgId: ctx.org.org.id } })).toBe(before.rows);
  });

  it("pins a version: templateVersion 1 after an update sends the old content", async () => {
    const t = await createTemplate(ctx.key, { subject: "Old {{x}}", text: "old body {{x}}" });
    await call(`/api/v1/templates/${t.id}`, { key: ctx.key, method: "PATCH", body: { subject: "New {{x}}", text: "new body {{x}}" } });
    const before = ctx.sink.messages.length;
    const pinned = await call("/api/email/send-templated", {
      key: ctx.key,
      body: { templateId: t.id, templateVersion: 1, variables: { x: 1 }, recipients: ["a@example.test"] },
    });
    expect(pinned.body[0].status).toBe("sent");
    const current = await call("/api/email/send-templated", {
      key: ctx.key,
      body: { templateId: t.id, variables: { x: 2 }, recipients: ["a@example.test"] },
    });
    expect(current.body[0].status).toBe("sent");
    const [old, now] = [await parsed(ctx.sink, before), await parsed(ctx.sink, before + 1)];
    expect([old.subject, old.text?.trim()]).toEqual(["Old 1", "old body 1"]);
    expect([now.subject, now.text?.trim()]).toEqual(["New 2", "new body 2"]);
    const missing = await call("/api/email/send-templated", {
      key: ctx.key,
      body: { templateId: t.id, templateVersion: 3, variables: {}, recipients: ["a@example.test"] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("TEMPLATE_NOT_FOUND");
  });

  it("templateId on /api/v1/email/send renders the template; its subject wins over the body's", async () => {
    const t = await createTemplate(ctx.key, {
      subject: "Template {{name}}",
      html: "<p>{{name}}</p>",
      variables: [{ name: "name", required: true }],
    });
    const before = ctx.sink.messages.length;
    const res = await call("/api/v1/email/send", {
      key: ctx.key,
      body: { to: "d@example.test", subject: "Body subject", html: "<p>body html</p>", templateId: t.id, variables: { name: EVIL } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe("sent");
    const mail = await parsed(ctx.sink, before);
    expect(mail.subject).toBe(`Template ${EVIL}`);
    expect(mail.html).toContain("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(mail.html).not.toContain("body html");
    expect(mail.text?.trim()).toBe(EVIL);
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.subject).toBe(`Template ${EVIL}`);

    const legacy = await call("/api/email/send", { key: ctx.key, body: { to: "d@example.test", subject: "x", templateId: t.id } });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toEqual({ error: "Missing required template variable: name", code: "VALIDATION_ERROR" });
    expect(ctx.sink.messages.length).toBe(before + 1);
  });
});

describe("send-templated results per recipient", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  let templateId: string;
  beforeAll(async () => {
    org = await newOrg(); // test mode, demo provider
    key = (await createKey(org.cookie, ["email:send", "templates:write"])).key;
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test"] } });
    templateId = (await createTemplate(key, { subject: "Hi {{name}}", text: "Hello {{name}}" })).id;
  });

  it("in test mode sends to the listed recipient and reports the other as failed", async () => {
    const res = await call("/api/email/send-templated", {
      key,
      body: { templateId, variables: { name: "Dev" }, recipients: ["dev@example.test", "stranger@example.test"] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { recipient: "dev@example.test", id: expect.any(String), status: "sent" },
      {
        recipient: "stranger@example.test",
        id: null,
        status: "failed",
        code: "TEST_MODE_RECIPIENT",
        error: "Test mode: stranger@example.test is not on a test list. Add them to a test list, or switch to production.",
      },
    ]);
    const row = await db().message.findUniqueOrThrow({ where: { id: res.body[0].id } });
    expect(row).toMatchObject({ status: "sent", sendMode: "test", to: ["dev@example.test"], subject: "Hi Dev" });
    expect(await db().auditLog.count({ where: { orgId: org.org.id, outcome: "refused_test_mode" } })).toBe(1);
  });

  it("answers 200 with every recipient failed rather than failing the call", async () => {
    const res = await call("/api/v1/email/send-templated", {
      key,
      body: { templateId, variables: {}, recipients: ["x@example.test", "y@example.test"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { status: string; code: string }) => [r.status, r.code])).toEqual([
      ["failed", "TEST_MODE_RECIPIENT"],
      ["failed", "TEST_MODE_RECIPIENT"],
    ]);
  });

  it("works for a signed-in user on the legacy route", async () => {
    const res = await call("/api/email/send-templated", {
      cookie: org.cookie,
      body: { templateId, variables: { name: "S" }, recipients: ["dev@example.test"] },
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ status: "sent" });
  });

  it("refuses an unknown template, a malformed id and another organization's template with 400 TEMPLATE_NOT_FOUND", async () => {
    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["email:send"])).key;
    for (const [k, id] of [
      [key, "00000000-0000-4000-8000-000000000000"],
      [key, "welcome"],
      [strangerKey, templateId],
    ]) {
      const res = await call("/api/email/send-templated", {
        key: k,
        body: { templateId: id, variables: {}, recipients: ["dev@example.test"] },
      });
      expect(res.status, id).toBe(400);
      expect(res.body.code).toBe("TEMPLATE_NOT_FOUND");
      const v1 = await call("/api/v1/email/send", { key: k, body: { to: "dev@example.test", subject: "x", templateId: id } });
      expect(v1.status).toBe(400);
      expect(v1.body.code).toBe("TEMPLATE_NOT_FOUND");
    }
  });

  it("needs email:send", async () => {
    const reader = (await createKey(org.cookie, ["templates:read"])).key;
    const body = { templateId, variables: {}, recipients: ["dev@example.test"] };
    const legacy = await call("/api/email/send-templated", { key: reader, body });
    expect(legacy.status).toBe(403);
    expect(legacy.body.code).toBe("SCOPE_DENIED");
    expect((await call("/api/v1/email/send-templated", { key: reader, body })).body.code).toBe("SCOPE_DENIED");
    expect((await call("/api/email/send-templated", { body })).status).toBe(401);
  });

  it("replays the first answer for a repeated Idempotency-Key without sending again", async () => {
    const body = { templateId, variables: { name: "Once" }, recipients: ["dev@example.test"] };
    const headers = { "idempotency-key": `tpl-${Date.now()}` };
    const first = await call("/api/email/send-templated", { key, body, headers });
    const again = await call("/api/email/send-templated", { key, body, headers });
    expect(again.body).toEqual(first.body);
    expect(await db().message.count({ where: { orgId: org.org.id, subject: "Hi Once" } })).toBe(1);
  });
});

describe("send-templated bulk threshold", () => {
  it("counts the whole call's recipients against require2faThreshold", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const { key } = await createKey(org.cookie, ["email:send", "templates:write"]);
    const t = await createTemplate(key, { subject: "S", text: "x" });
    const body = { templateId: t.id, variables: {}, recipients: ["a@example.test", "b@example.test", "c@example.test"] };
    const refused = await call("/api/email/send-templated", { key, body });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
    await freshSecondFactor(org.cookie); // creating a key allowed bulk sending needs one
    const bulk = await createKey(org.cookie, ["email:send"], { allowBulk: true });
    const allowed = await call("/api/email/send-templated", { key: bulk.key, body });
    expect(allowed.body.map((r: { status: string }) => r.status)).toEqual(["sent", "sent", "sent"]);
  });
});

describe("send-templated validation", () => {
  let key: string;
  const ok = { templateId: "00000000-0000-4000-8000-000000000000", variables: {}, recipients: ["a@example.test"] };
  beforeAll(async () => {
    const org = await newOrg();
    key = (await createKey(org.cookie, ["email:send"])).key;
  });
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ["templateId missing", { ...ok, templateId: undefined }, /body\.templateId: templateId is required/],
    ["variables missing", { ...ok, variables: undefined }, /body\.variables: variables is required/],
    ["variables not an object", { ...ok, variables: ["x"] }, /body\.variables/],
    ["recipients missing", { ...ok, recipients: undefined }, /body\.recipients: recipients is required/],
    ["recipients empty", { ...ok, recipients: [] }, /body\.recipients: give at least one recipient/],
    ["recipients a string", { ...ok, recipients: "a@example.test" }, /body\.recipients/],
    [
      "a bad address",
      { ...ok, recipients: ["a@example.test", "not an address"] },
      /body\.recipients\.1: not a valid email address: "not an address"/,
    ],
    ["an address with a line break", { ...ok, recipients: ["a@example.test\r\nBcc: x@evil.test"] }, /body\.recipients\.0/],
    [
      "more than 50 recipients",
      { ...ok, recipients: Array.from({ length: 51 }, (_, i) => `r${i}@example.test`) },
      /body\.recipients: at most 50 recipients/,
    ],
    ["from invalid", { ...ok, from: "me@" }, /body\.from/],
    ["fromName with a line break", { ...ok, fromName: "A\nBcc: x" }, /body\.fromName/],
    [
      "from whose display name is an address",
      { ...ok, from: '"ceo@bigbank.example" <me@verified.example>' },
      /body\.from: the display name cannot contain an email address/,
    ],
    [
      "fromName that is an address",
      { ...ok, fromName: "ceo@bigbank.example" },
      /body\.fromName: the display name cannot contain an email address/,
    ],
    ["use_case_id not a uuid", { ...ok, use_case_id: "abc" }, /body\.use_case_id/],
    ["templateVersion zero", { ...ok, templateVersion: 0 }, /body\.templateVersion/],
    ["an unknown field", { ...ok, to: "a@example.test" }, /body/],
  ];
  it.each(cases)("refuses %s with 400 VALIDATION_ERROR", async (_name, body, message) => {
    for (const route of ["/api/email/send-templated", "/api/v1/email/send-templated"]) {
      const res = await call(route, { key, body });
      expect(res.status, route).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(message);
    }
  });
});
