// POST /api/v1/email/batch and /api/email/batch end to end: items in order through the one send
// path (templated, scheduled, tagged), validation all or nothing, per-item refusals beside items
// that go, the allowance and the bulk threshold over the whole batch, the key's rate limit counted
// once, Idempotency-Key over the batch, and events and webhooks for a batch's items.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { startReceiver, verifyByHand, type Receiver } from "../helpers/webhook-receiver";
import { until } from "../helpers/until";
import { db } from "@/lib/db/client";

const PATH = "/api/v1/email/batch";
const item = (to: string, extra: Record<string, unknown> = {}) => ({ to, from: "news@acme.test", subject: "Hi", text: "Hello", ...extra });
const items = (n: number, prefix = "reader") => Array.from({ length: n }, (_, i) => item(`${prefix}-${i}@example.test`));
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function productionOrg(allowance?: number) {
  const org = await newOrg();
  await productionMode(org.org.id, allowance);
  const key = await createKey(org.cookie, ["email:send", "templates:write", "webhooks:write"]);
  const messages = () => db().message.count({ where: { orgId: org.org.id } });
  return { org, key: key.key, keyId: key.id, messages };
}

describe("a valid batch", () => {
  it("sends each item through the send path and answers one entry per item, in order", async () => {
    const { org, key } = await productionOrg();
    const template = await call("/api/v1/templates", {
      key,
      body: {
        name: `welcome-${Date.now()}`,
        subject: "Welcome {{name}}",
        html: "<p>Hello {{name}}</p>",
        variables: [{ name: "name", required: true }],
      },
    });
    expect(template.status).toBe(201);
    const later = inAnHour();
    const body = [
      item("plain@example.test"),
      item("templated@example.test", { templateId: template.body.data.id, variables: { name: "Ann" } }),
      item("later@example.test", { scheduledAt: later }),
      item("tagged@example.test", { tags: [{ name: "category", value: "welcome" }] }),
      item("relative@example.test", { scheduledAt: "in 2 hours" }),
    ];
    const res = await call(PATH, { key, body });
    expect(res.status).toBe(200);
    expect(res.body.requestId).toMatch(/^req_/);
    const [plain, templated, scheduledEntry, tagged, relative] = res.body.data;
    expect(res.body.data).toHaveLength(5);
    for (const sent of [plain, templated, tagged]) expect(sent).toMatchObject({ id: expect.any(String), status: "sent", provider: "demo" });
    expect(scheduledEntry).toMatchObject({ id: expect.any(String), status: "scheduled", scheduledFor: later });
    // A relative time is counted from when the batch is handled.
    expect(relative).toMatchObject({ status: "scheduled" });
    expect(Math.abs(Date.parse(relative.scheduledFor) - (Date.now() + 2 * 3_600_000))).toBeLessThan(60_000);

    const rows = await db().message.findMany({ where: { orgId: org.org.id } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(plain.id)).toMatchObject({ to: ["plain@example.test"], subject: "Hi", status: "sent", sendMode: "production" });
    expect(byId.get(templated.id)).toMatchObject({ to: ["templated@example.test"], subject: "Welcome Ann" });
    expect(byId.get(templated.id)!.html).toContain("Hello Ann");
    expect(byId.get(tagged.id)).toMatchObject({ to: ["tagged@example.test"], tags: ["category:welcome"] });
    const scheduled = await db().scheduledEmail.findUniqueOrThrow({ where: { id: scheduledEntry.id } });
    expect(scheduled).toMatchObject({ orgId: org.org.id, status: "scheduled" });
    expect(scheduled.emailData).toMatchObject({ to: ["later@example.test"] });
    const audit = await db().auditLog.count({ where: { orgId: org.org.id, action: "email.send", outcome: "sent" } });
    expect(audit).toBe(3);
    expect((await db().sendCounter.findFirstOrThrow({ where: { orgId: org.org.id } })).count).toBe(3);
  });

  it("the legacy route answers the bare array, for a session too", async () => {
    const { org } = await productionOrg();
    const res = await call("/api/email/batch", { cookie: org.cookie, body: items(2) });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toEqual([expect.objectContaining({ status: "sent" }), expect.objectContaining({ status: "sent" })]);
  });
});

describe("validation, all or nothing", () => {
  it("an invalid item refuses the whole batch with 400 naming the item's index; nothing is sent", async () => {
    const { key, messages } = await productionOrg();
    const body = items(5);
    body[3] = { ...body[3], to: "not an address" };
    for (const path of [PATH, "/api/email/batch"]) {
      const res = await call(path, { key, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(/^Invalid request: body\.3\.to: /);
    }
    const past: Record<string, unknown>[] = items(3);
    past[1] = { ...past[1], scheduledAt: "2020-01-01T00:00:00Z" };
    const refused = await call(PATH, { key, body: past });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("Invalid request: body.1.scheduledAt: must be in the future");
    past[1] = { ...past[1], scheduledAt: "in 400 days" };
    const tooFar = await call(PATH, { key, body: past });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.error).toBe("Invalid request: body.1.scheduledAt: must be at most 365 days ahead");
    expect(await messages()).toBe(0);
  });

  it("refuses an empty batch and one of 101 items with 400", async () => {
    const { key, messages } = await productionOrg();
    for (const body of [[], items(101), { to: "a@example.test", subject: "Hi", text: "x" }]) {
      const res = await call(PATH, { key, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await call(PATH, { key, body: items(100) })).body.data).toHaveLength(100);
    expect(await messages()).toBe(100);
  });
});

describe("per-item refusals", () => {
  it("test mode and the suppression list refuse their items as a single send would; the others go", async () => {
    const org = await newOrg(); // test mode
    const { key } = await createKey(org.cookie, ["email:send"]);
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test"] } });
    await db().suppression.create({ data: { orgId: org.org.id, email: "gone@example.test", reason: "bounce" } });
    const res = await call(PATH, {
      key,
      body: [
        { to: "dev@example.test", subject: "a", text: "x" },
        { to: "stranger@example.test", subject: "b", text: "x" },
        { to: "gone@example.test", subject: "c", text: "x" },
      ],
    });
    expect(res.status).toBe(200);
    const [sent, stranger, gone] = res.body.data;
    expect(sent).toMatchObject({ status: "sent" });
    expect(stranger).toEqual({
      code: "TEST_MODE_RECIPIENT",
      error: expect.stringContaining("stranger@example.test is not on a test list"),
    });
    expect(gone).toEqual({
      code: "RECIPIENT_SUPPRESSED",
      error: expect.stringContaining("gone@example.test is on this organization's suppression list"),
    });
    expect(await db().message.findMany({ where: { orgId: org.org.id }, select: { id: true } })).toEqual([{ id: sent.id }]);
    const outcomes = await db().auditLog.findMany({ where: { orgId: org.org.id, action: "email.send" }, select: { outcome: true } });
    expect(outcomes.map((a) => a.outcome).sort()).toEqual(["refused_suppressed", "refused_test_mode", "sent"]);
  });

  it("an unverified sender refuses its item in production; the items around it go", async () => {
    const { org, key } = await productionOrg();
    const res = await call(PATH, {
      key,
      body: [item("a@example.test"), item("b@example.test", { from: "someone@unverified.test" }), item("c@example.test")],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { status?: string; code?: string }) => e.status ?? e.code)).toEqual([
      "sent",
      "SENDER_NOT_VERIFIED",
      "sent",
    ]);
    expect(res.body.data[1].error).toContain("someone@unverified.test is not a verified sender");
    const rows = await db().message.findMany({ where: { orgId: org.org.id }, select: { to: true } });
    expect(rows.map((r) => r.to[0]).sort()).toEqual(["a@example.test", "c@example.test"]);
  });
});

describe("the batch as a whole", () => {
  it("a batch larger than what is left of the allowance is refused whole with 429 and Retry-After", async () => {
    const { org, key, messages } = await productionOrg(5);
    expect((await call(PATH, { key, body: items(3, "first") })).status).toBe(200);
    const over = await call(PATH, { key, body: items(3, "second") });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: "QUOTA_EXCEEDED", error: expect.stringContaining("2 sends left and this batch needs 3") });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await messages()).toBe(3);
    expect((await db().sendCounter.findFirstOrThrow({ where: { orgId: org.org.id } })).count).toBe(3);
    expect(await db().auditLog.count({ where: { orgId: org.org.id, outcome: "refused_quota" } })).toBe(1);
    expect((await call(PATH, { key, body: items(2, "third") })).body.data).toHaveLength(2);
    expect(await messages()).toBe(5);
  });

  it("the bulk threshold counts every recipient of the batch", async () => {
    const { org, key, messages } = await productionOrg();
    await db().organization.update({ where: { id: org.org.id }, data: { require2faThreshold: 2 } });
    const refused = await call(PATH, { key, body: items(3) });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("BULK_SEND_REQUIRES_2FA");
    expect(await messages()).toBe(0);
    expect((await call(PATH, { key, body: items(2) })).status).toBe(200);
  });

  it("counts as one request against the key's rate limit", async () => {
    const { key, keyId } = await productionOrg();
    await db().apiKey.update({ where: { id: keyId }, data: { rateLimitPerMinute: 2 } });
    const first = await call(PATH, { key, body: items(10) });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(10);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await call(PATH, { key, body: items(10, "second") })).headers.get("x-ratelimit-remaining")).toBe("0");
    const limited = await call(PATH, { key, body: items(1, "third") });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("RATE_LIMITED");
  });

  it("Idempotency-Key covers the whole batch: the same body answers the first result without sending again", async () => {
    const { key, messages } = await productionOrg();
    const headers = { "idempotency-key": `batch-${Date.now()}` };
    const body = items(3);
    const first = await call(PATH, { key, body, headers });
    const again = await call(PATH, { key, body, headers });
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await messages()).toBe(3);
    const other = await call(PATH, { key, body: items(2), headers });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("IDEMPOTENCY_CONFLICT");
    expect(await messages()).toBe(3);
  });
});

describe("events and webhooks", () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it("each item's email.sent event is recorded and delivered, signed, to the organization's endpoint", async () => {
    const { org, key } = await productionOrg();
    const path = `/batch-hook-${Date.now()}`;
    const endpoint = await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(path), events: ["email.sent"] } });
    expect(endpoint.status).toBe(201);
    const res = await call(PATH, { key, body: items(2, "hooked") });
    const ids = res.body.data.map((e: { id: string }) => e.id).sort();
    const hits = await receiver.waitFor(path, 2);
    expect(hits.map((h) => JSON.parse(h.body).email_id).sort()).toEqual(ids);
    for (const hit of hits) expect(verifyByHand(hit, endpoint.body.data.secret)).toBe(true);
    const events = await until(
      () => db().emailEvent.findMany({ where: { orgId: org.org.id, type: "email.sent" } }),
      (rows) => rows.length >= 2,
    );
    expect(events.map((e) => e.messageId).sort()).toEqual(ids);
  });
});
