// The TypeScript client (sdk/, @mailroom/node) against the production server over real HTTP:
// send, schedule, read and cancel a scheduled email, the error shape (bad key, validation), a
// 429 retried after Retry-After, and a real signed webhook delivery verified (and refused when
// tampered with or old).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Mailroom, MailroomError } from "@/sdk/src/index";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { db } from "@/lib/db/client";

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err as MailroomError,
  );

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
let client: Mailroom;
let receiver: Receiver;
beforeAll(async () => {
  org = await newOrg();
  await productionMode(org.org.id);
  key = (await createKey(org.cookie, ["email:send", "webhooks:write"])).key;
  client = new Mailroom(key, { baseUrl: inject("baseUrl"), maxRetries: 0 });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe("emails", () => {
  it("sends, and the same idempotency key answers the same message", async () => {
    const body = { from: "ann@sender.test", to: "delivered@demo.mailroom.test", subject: "From the client", text: "hi" };
    const idempotencyKey = `sdk-${Date.now()}`;
    const sent = await client.emails.send(body, { idempotencyKey });
    expect(sent).toMatchObject({ id: expect.any(String), status: "sent" });
    expect(await client.emails.send(body, { idempotencyKey })).toEqual(sent);
    expect(await db().message.count({ where: { orgId: org.org.id, subject: "From the client" } })).toBe(1);
    const row = await db().message.findUniqueOrThrow({ where: { id: (sent as { id: string }).id } });
    expect(row).toMatchObject({ orgId: org.org.id, subject: "From the client" });
  });

  it("schedules, reads and cancels a scheduled email", async () => {
    const scheduled = await client.emails.schedule({
      from: "ann@sender.test",
      to: "reader@example.test",
      subject: "Later",
      text: "x",
      scheduledAt: inMs(3_600_000),
    });
    expect(scheduled).toMatchObject({ id: expect.any(String), status: "scheduled" });
    expect(await client.emails.getScheduled(scheduled.id)).toMatchObject({ id: scheduled.id, status: "scheduled" });
    expect(await client.emails.cancel(scheduled.id)).toMatchObject({ cancelled: true });
    expect(await client.emails.getScheduled(scheduled.id)).toMatchObject({ status: "cancelled" });
    expect((await db().scheduledEmail.findUniqueOrThrow({ where: { id: scheduled.id } })).status).toBe("cancelled");
  });

  it("throws MailroomError 404 NOT_FOUND for an id the organization does not have", async () => {
    const err = await caught(client.emails.getScheduled("00000000-0000-4000-8000-000000000000"));
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ status: 404, code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
  });
});

describe("errors", () => {
  it("a bad key is MailroomError 401 INVALID_API_KEY with the request id", async () => {
    const bad = new Mailroom("mr_not_a_key", { baseUrl: inject("baseUrl"), maxRetries: 0 });
    const err = await caught(bad.emails.send({ to: "a@example.test", subject: "x", text: "x" }));
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ name: "MailroomError", status: 401, code: "INVALID_API_KEY", message: "Invalid API key" });
    expect(err!.requestId).toMatch(/^req_/);
  });

  it("a refused body is 400 VALIDATION_ERROR with the fields in details", async () => {
    const err = await caught(client.emails.send({ to: "not an address", subject: "x", text: "x" }));
    expect(err).toMatchObject({ status: 400, code: "VALIDATION_ERROR", requestId: expect.stringMatching(/^req_/) });
    expect(err!.details.length).toBeGreaterThan(0);
    expect(err!.details.map((d) => d.path)).toContain("body.to");
  });

  it("no answer is NETWORK_ERROR", async () => {
    const nowhere = new Mailroom("mr_x", { baseUrl: "http://127.0.0.1:1", maxRetries: 0 });
    const err = await caught(nowhere.emails.getScheduled("x"));
    expect(err).toMatchObject({ name: "MailroomError", status: null, code: "NETWORK_ERROR" });
  });
});

describe("retries", () => {
  async function limitedKey(limit: number) {
    const created = await createKey(org.cookie, ["email:send"]);
    await db().apiKey.update({ where: { id: created.id }, data: { rateLimitPerMinute: limit } });
    return created.key;
  }
  // The window is the clock minute: near its end, wait for the next one, so that the window's one
  // request and the 429 after it fall in the same window.
  const notAtMinuteEnd = async () => {
    const untilNext = 60_000 - (Date.now() % 60_000);
    if (untilNext < 5_000) await new Promise((r) => setTimeout(r, untilNext + 100));
  };

  it("with maxRetries, a 429 is retried after Retry-After and succeeds", { timeout: 90_000 }, async () => {
    const limitedKeyText = await limitedKey(1);
    await notAtMinuteEnd();
    const patient = new Mailroom(limitedKeyText, { baseUrl: inject("baseUrl"), maxRetries: 1 });
    await patient.emails.getScheduled("00000000-0000-4000-8000-000000000000").catch(() => null); // uses the window's one request
    const limited = await call("/api/v1/email/scheduled", { key: limitedKeyText });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const retried = await patient.emails.schedule({
      to: "reader@example.test",
      subject: "Retried",
      text: "x",
      scheduledAt: inMs(3_600_000),
    });
    expect(retried).toMatchObject({ status: "scheduled" });
    expect(await db().scheduledEmail.count({ where: { orgId: org.org.id, id: retried.id } })).toBe(1);
  });

  it("without retries, the 429 is MailroomError RATE_LIMITED", async () => {
    await notAtMinuteEnd();
    const impatient = new Mailroom(await limitedKey(1), { baseUrl: inject("baseUrl"), maxRetries: 0 });
    const errs = await Promise.all([1, 2].map(() => caught(impatient.emails.getScheduled("00000000-0000-4000-8000-000000000000"))));
    expect(errs.map((e) => e?.code).sort()).toEqual(["NOT_FOUND", "RATE_LIMITED"]);
    expect(errs.find((e) => e?.code === "RATE_LIMITED")).toMatchObject({ status: 429, requestId: expect.stringMatching(/^req_/) });
  });
});

describe("webhooks.verify", () => {
  it("verifies a real delivery, and refuses it tampered with or old", async () => {
    const path = `/sdk-${Date.now()}`;
    const hook = (await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(path) } })).body.data as { secret: string };
    const sent = (await client.emails.send({
      from: "ann@sender.test",
      to: "delivered@demo.mailroom.test",
      subject: "Hook",
      text: "x",
    })) as {
      id: string;
    };
    const [hit] = await receiver.waitFor(path, 1, 20_000);
    expect(hit).toBeDefined();
    const event = client.webhooks.verify(hit.body, hit.headers, hook.secret);
    expect(event).toMatchObject({ type: expect.stringMatching(/^email\./), email_id: sent.id });

    const tampered = hit.body.replace(sent.id, "00000000-0000-4000-8000-000000000000");
    expect(() => client.webhooks.verify(tampered, hit.headers, hook.secret)).toThrow(
      expect.objectContaining({ name: "MailroomError", code: "WEBHOOK_INVALID_SIGNATURE" }),
    );
    const later = new Date((Number(hit.headers["x-webhook-timestamp"]) + 301) * 1000);
    expect(() => client.webhooks.verify(hit.body, hit.headers, hook.secret, { now: later })).toThrow(
      expect.objectContaining({ code: "WEBHOOK_TIMESTAMP_OUT_OF_RANGE" }),
    );
    expect(() => client.webhooks.verify(hit.body, hit.headers, "whsec_" + Buffer.alloc(32).toString("base64"))).toThrow(
      expect.objectContaining({ code: "WEBHOOK_INVALID_SIGNATURE" }),
    );
  });
});
