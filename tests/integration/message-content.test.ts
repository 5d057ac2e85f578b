// What a message keeps for its page, and its tags: tags validated on the v1 and legacy send
// bodies (and scheduled ones) with clear errors, stored as "name:value", shown as {name, value},
// filtered on in the log; html, text, headers and the attachment list (never contents) kept,
// bounded, and html and text removed by retention; the webhook deliveries a message caused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { until } from "../helpers/until";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { blankMessageBodies } from "@/lib/retention/blank-message-bodies";
import { MAX_STORED_BODY_CHARS } from "@/lib/email/message-content";

type Org = Awaited<ReturnType<typeof newOrg>>;
const DAY = 86_400_000;
let org: Org;
let key: string;
let receiver: Receiver;
const TO = "reader@example.test";

beforeAll(async () => {
  org = await newOrg();
  key = (await createKey(org.cookie, ["email:send", "analytics:read", "webhooks:write"])).key;
  const list = await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: [TO, "other@example.test"] } });
  expect(list.status).toBe(201);
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const body = (extra: Record<string, unknown> = {}) => ({ to: TO, subject: "Tagged", text: "Hello", ...extra });
const message = async (id: string) => (await call(`/api/v1/analytics/messages/${id}`, { key })).body.data.message;

describe("tags on send bodies", () => {
  const bad: [string, unknown, RegExp][] = [
    ["more than 10", Array.from({ length: 11 }, (_, i) => ({ name: `t${i}`, value: "x" })), /body\.tags: at most 10 tags/],
    ["a space in a name", [{ name: "my tag", value: "x" }], /body\.tags\.0\.name: name may hold only ASCII letters, digits, _ and -/],
    ["a non-ASCII value", [{ name: "lang", value: "français" }], /body\.tags\.0\.value: value may hold only/],
    ["an empty value", [{ name: "lang", value: "" }], /body\.tags\.0\.value: value must not be empty/],
    ["a name over 256 characters", [{ name: "n".repeat(257), value: "x" }], /body\.tags\.0\.name: name is at most 256 characters/],
    [
      "a name twice",
      [
        { name: "a", value: "1" },
        { name: "a", value: "2" },
      ],
      /body\.tags\.1\.name: the tag a is given twice/,
    ],
    ["an unknown field", [{ name: "a", value: "1", color: "red" }], /body\.tags\.0/],
    ["not a list", { name: "a", value: "1" }, /body\.tags/],
  ];

  it.each(bad)("refuses %s on v1 (400 VALIDATION_ERROR), legacy and scheduled sends, sending nothing", async (_, tags, message) => {
    const before = await db().message.count({ where: { orgId: org.org.id } });
    const v1 = await call("/api/v1/email/send", { key, body: body({ tags }) });
    expect(v1.status).toBe(400);
    expect(v1.body.code).toBe("VALIDATION_ERROR");
    expect(v1.body.error).toMatch(message);
    const legacy = await call("/api/email/send", { key, body: body({ tags }) });
    expect(legacy.status).toBe(400);
    expect(legacy.body.error).toMatch(message);
    const scheduled = await call("/api/email/schedule", {
      key,
      body: body({ tags, scheduledFor: new Date(Date.now() + DAY).toISOString() }),
    });
    expect(scheduled.status).toBe(400);
    expect(scheduled.body.error).toMatch(message);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
  });

  it("stores valid tags as name:value, shows them as {name, value}, and the log filters on one", async () => {
    const longest = "v".repeat(256);
    const tags = [
      { name: "category", value: "welcome" },
      { name: "plan_tier-2", value: longest },
    ];
    const v1 = await call("/api/v1/email/send", { key, body: body({ tags }) });
    expect(v1.status).toBe(200);
    const legacy = await call("/api/email/send", {
      key,
      body: body({ subject: "Legacy tagged", tags: [{ name: "category", value: "receipt" }] }),
    });
    expect(legacy.status).toBe(200);
    const row = await db().message.findUniqueOrThrow({ where: { id: v1.body.data.id } });
    expect(row.tags).toEqual(["category:welcome", `plan_tier-2:${longest}`]);
    expect((await message(v1.body.data.id)).tags).toEqual(tags);

    const log = async (q: string) => (await call(`/api/messages?${q}`, { cookie: org.cookie })).body;
    expect((await log("tag=category:welcome")).messages.map((m: { id: string }) => m.id)).toEqual([v1.body.data.id]);
    expect((await log("tag=category:receipt")).messages.map((m: { id: string }) => m.id)).toEqual([legacy.body.id]);
    expect((await log("tag=category:none")).messages).toEqual([]);
    expect((await log("tag=category:welcome")).messages[0].tags).toEqual(["category:welcome", `plan_tier-2:${longest}`]);
    const refused = await call("/api/messages?tag=category", { cookie: org.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/query\.tag: must be name:value/);
  });

  it("the log filters by project: a send without one is the default project's", async () => {
    const second = await call("/api/projects", { cookie: org.cookie, body: { name: `Second ${Date.now()}` } });
    expect(second.status).toBe(201);
    const sent = await call("/api/v1/email/send", { key, body: body({ subject: "In the default project" }) });
    expect(sent.status).toBe(200);
    const ids = async (q: string) =>
      (await call(`/api/messages?${q}`, { cookie: org.cookie })).body.messages.map((m: { id: string }) => m.id);
    expect(await ids(`projectId=${org.project.id}`)).toContain(sent.body.data.id);
    expect(await ids(`projectId=${second.body.id}`)).toEqual([]);
    const refused = await call("/api/messages?projectId=not-a-project", { cookie: org.cookie });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/query\.projectId: not a valid project id/);
  });

  it("a scheduled send carries its tags to the message it becomes", async () => {
    const tags = [{ name: "flow", value: "later" }];
    const res = await call("/api/v1/email/send", {
      key,
      body: body({ subject: "Scheduled tagged", tags, scheduledAt: new Date(Date.now() + 1_500).toISOString() }),
    });
    expect(res.status).toBe(200);
    const row = await until(
      () => db().scheduledEmail.findUniqueOrThrow({ where: { id: res.body.data.id } }),
      (r) => r.status === "sent" && r.messageId !== null,
      { timeoutMs: 20_000 },
    );
    expect(row.status).toBe("sent");
    expect((await message(row.messageId!)).tags).toEqual(tags);
  });
});

describe("the content a message keeps", () => {
  it("keeps html as given (before tracking), text, headers and the attachment list without contents", async () => {
    const html = '<p>Hi <a href="https://example.test/offer">offer</a></p>';
    const res = await call("/api/v1/email/send", {
      key,
      body: {
        to: [TO, "Other <other@example.test>"],
        replyTo: "help@example.test",
        subject: "Content",
        html,
        text: "Hi (text)",
        emailType: "marketing",
        tracking: { opens: true, clicks: true },
        headers: { "X-Order": "1042" },
        attachments: [
          { filename: "a.txt", content: Buffer.from("hello").toString("base64"), contentType: "text/plain" },
          { filename: "b.bin", content: Buffer.alloc(2048).toString("base64") },
        ],
      },
    });
    expect(res.status).toBe(200);
    const m = await message(res.body.data.id);
    expect(m.html).toBe(html); // not the tracked copy: viewing it records no open
    expect(m.text).toBe("Hi (text)");
    expect(m.bodyTruncated).toBe(false);
    expect(m.bodyRemovedAt).toBeNull();
    expect(m.attachments).toEqual([
      { filename: "a.txt", contentType: "text/plain", size: 5 },
      { filename: "b.bin", contentType: "application/octet-stream", size: 2048 },
    ]);
    const headers = Object.fromEntries(m.headers.map((h: { name: string; value: string }) => [h.name, h.value]));
    expect(headers).toMatchObject({
      To: `${TO}, "Other" <other@example.test>`,
      "Reply-To": "help@example.test",
      Subject: "Content",
      "X-Order": "1042",
    });
    expect(headers["Message-ID"]).toMatch(/^<.+>$/);
    expect(headers.From).toBeTruthy();
    const stored = await rawQuery<{ attachments: unknown }>(
      Prisma.sql`SELECT attachments FROM messages WHERE id = ${res.body.data.id}::uuid`,
    );
    expect(JSON.stringify(stored[0].attachments)).not.toContain("aGVsbG8"); // never the contents
  });

  it("refuses more custom headers than a message keeps, or more than 16 KB of them, sending nothing", async () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`X-H${i}`, "v"]));
    const large = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`X-H${i}`, "v".repeat(900)]));
    const before = await db().message.count({ where: { orgId: org.org.id } });
    for (const [headers, why] of [
      [many, /body\.headers: at most 50 custom headers/],
      [large, /body\.headers: custom headers may total at most 16 KB/],
    ] as const) {
      const res = await call("/api/v1/email/send", { key, body: body({ headers }) });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(why);
    }
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`X-H${i}`, "v".repeat(300)]));
    expect((await call("/api/v1/email/send", { key, body: body({ headers: fifty }) })).status).toBe(200);
  });

  it("cuts a body longer than the bound and says so", async () => {
    const text = "x".repeat(MAX_STORED_BODY_CHARS + 10);
    const res = await call("/api/v1/email/send", { key, body: body({ text }) });
    expect(res.status).toBe(200);
    const m = await message(res.body.data.id);
    expect(m.text).toHaveLength(MAX_STORED_BODY_CHARS);
    expect(m.bodyTruncated).toBe(true);
  });

  it("retention removes html and text of old messages only, keeping headers, attachments and tags", async () => {
    const send = async (subject: string) => {
      const res = await call("/api/v1/email/send", {
        key,
        body: body({
          subject,
          html: "<p>old</p>",
          tags: [{ name: "k", value: "v" }],
          attachments: [{ filename: "x.txt", content: "aGk=" }],
        }),
      });
      expect(res.status).toBe(200);
      return res.body.data.id as string;
    };
    const old = await send("Old body");
    const fresh = await send("Fresh body");
    await rawQuery(Prisma.sql`UPDATE messages SET created_at = now() - interval '20 days' WHERE id = ${old}::uuid`);
    // A row another statement holds at that moment (its demo events moving its status) is skipped
    // (SKIP LOCKED) and taken by a later run: run until it is done.
    const o = await until(
      async () => {
        const outcome = await blankMessageBodies(new Date(Date.now() - 10 * DAY), { batchSize: 100, deadline: Date.now() + 30_000 });
        expect(outcome.complete).toBe(true);
        return message(old);
      },
      (m) => m.bodyRemovedAt !== null,
      { timeoutMs: 10_000, everyMs: 200 },
    );
    expect(o).toMatchObject({
      html: null,
      text: null,
      tags: [{ name: "k", value: "v" }],
      attachments: [{ filename: "x.txt", contentType: "application/octet-stream", size: 2 }],
    });
    expect(o.bodyRemovedAt).not.toBeNull();
    expect(o.headers.length).toBeGreaterThan(0);
    expect(await message(fresh)).toMatchObject({ html: "<p>old</p>", text: "Hello", bodyRemovedAt: null });
  });
});

describe("webhook deliveries of a message", () => {
  it("lists the deliveries its events caused with their endpoint; another organization's message is not found", async () => {
    const o = await newOrg();
    const k = (await createKey(o.cookie, ["email:send", "webhooks:write"])).key;
    expect((await call("/api/safety/test-lists", { cookie: o.cookie, body: { name: "t", emails: [TO] } })).status).toBe(201);
    const hook = await call("/api/v1/webhook-endpoints", {
      key: k,
      body: { url: receiver.url("/content-deliveries"), events: ["email.sent"] },
    });
    expect(hook.status).toBe(201);
    const sent = await call("/api/v1/email/send", { key: k, body: body() });
    expect(sent.status).toBe(200);
    await receiver.waitFor("/content-deliveries", 1);
    const res = await until(
      () => call(`/api/messages/${sent.body.data.id}/webhook-deliveries`, { cookie: o.cookie }),
      (r) => r.body.deliveries?.[0]?.status === "succeeded",
    );
    expect(res.status).toBe(200);
    expect(res.body.deliveries).toEqual([
      expect.objectContaining({
        eventType: "email.sent",
        status: "succeeded",
        attempts: 1,
        lastStatusCode: 200,
        endpoint: { id: hook.body.data.id, url: receiver.url("/content-deliveries") },
      }),
    ]);
    expect((await call(`/api/messages/${sent.body.data.id}/webhook-deliveries`, { cookie: org.cookie })).status).toBe(404);
    expect((await call(`/api/messages/${randomUUID()}/webhook-deliveries`, { cookie: o.cookie })).status).toBe(404);
    const byKey = await call(`/api/messages/${sent.body.data.id}/webhook-deliveries`, { key: k });
    expect(byKey.status).toBe(403); // dashboard only
    expect(byKey.body.code).toBe("SESSION_ONLY");
  });
});
