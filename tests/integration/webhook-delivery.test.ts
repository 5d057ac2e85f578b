// Events reach endpoints as SPEC describes: signed (verified with standardwebhooks and by hand),
// filtered by subscription and project, retried on DESIGN.md §4's schedule, endpoints disabled
// after 5 failed deliveries, and the demo provider's events following a send.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { deadPort, productionMode } from "../helpers/sending";
import { startReceiver, verifyByHand, verifyWithStandardWebhooks, type Receiver } from "../helpers/webhook-receiver";
import { db } from "@/lib/db/client";
import { planDemoEvents } from "@/lib/events/demo-plan";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

let n = 0;
const hookPath = () => `/hook-${++n}-${Date.now()}`;

async function setup() {
  const org = await newOrg();
  await productionMode(org.org.id);
  const key = (await createKey(org.cookie, ["email:send", "webhooks:write", "webhooks:read"])).key;
  const endpoint = async (body: Record<string, unknown> = {}) => {
    const p = hookPath();
    const res = await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(p), ...body } });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return { ...(res.body.data as { id: string; secret: string }), path: p };
  };
  const send = async (body: Record<string, unknown> = {}) => {
    const res = await call("/api/v1/email/send", { key, body: { to: "reader@example.test", subject: "Hi", text: "x", ...body } });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data as { id: string };
  };
  return { org, key, endpoint, send };
}

const json = (r: { body: string }) => JSON.parse(r.body);

describe("delivery of email.sent", () => {
  it("posts the raw event, signed as SPEC says; both verifications pass and the fields are SPEC's", async () => {
    const { org, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    const tags = [
      { name: "category", value: "welcome" },
      { name: "customer_id", value: "c-42" },
    ];
    const sent = await send({ to: ["Reader <Reader@Example.test>"], cc: "cc@example.test", tags });
    const hits = await receiver.waitFor(hook.path, 2);
    expect(hits).toHaveLength(2);
    for (const hit of hits) {
      expect(verifyWithStandardWebhooks(hit, hook.secret)).toBeTruthy();
      expect(verifyByHand(hit, hook.secret)).toBe(true);
      expect(hit.headers["content-type"]).toBe("application/json");
      expect(hit.headers["x-webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(Math.abs(Number(hit.headers["x-webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    }
    const bodies = hits.map(json).sort((a, b) => a.recipient.localeCompare(b.recipient));
    expect(bodies[0]).toEqual({
      type: "email.sent",
      occurred_at: expect.stringMatching(/Z$/),
      project_id: org.project.id,
      email_id: sent.id,
      campaign_send_id: null,
      recipient: "cc@example.test",
      send_mode: "production",
      tags,
    });
    expect(bodies[1]).toMatchObject({ recipient: "reader@example.test", tags });
    expect(new Set(hits.map((h) => h.headers["x-webhook-id"])).size).toBe(2);
    // A forged body or another secret fails verification.
    expect(verifyByHand({ ...hits[0], body: hits[0].body.replace("production", "test") }, hook.secret)).toBe(false);
    expect(() => verifyWithStandardWebhooks(hits[0], "whsec_" + "A".repeat(44))).toThrow();
  });

  it("reaches every active endpoint subscribed to the type, org-wide or of the message's project, and no other", async () => {
    const { org, key, endpoint, send } = await setup();
    const other = (await call("/api/projects", { cookie: org.cookie, body: { name: "Other" } })).body;
    const all = await endpoint();
    const star = await endpoint({ events: ["*"] });
    const sentOnly = await endpoint({ events: ["email.sent"] });
    const deliveredOnly = await endpoint({ events: ["email.delivered"] });
    const contactOnly = await endpoint({ events: ["contact.suppressed", "domain.verified", "domain.failed"] });
    const ownProject = await endpoint({ events: ["email.sent"], projectId: org.project.id });
    const otherProject = await endpoint({ events: ["email.sent"], projectId: other.id });
    const inactive = await endpoint({ events: ["email.sent"] });
    await call(`/api/v1/webhook-endpoints/${inactive.id}`, { key, method: "PATCH", body: { isActive: false } });
    const sent = await send({ text: "plain, no link" });
    // The demo's delivered event follows within tens of milliseconds: deliveries to one endpoint
    // may arrive in either order, so each endpoint's email.sent is looked for among its hits.
    for (const [hook, count] of [
      [all, 2],
      [star, 2],
      [sentOnly, 1],
      [ownProject, 1],
    ] as const) {
      const hits = (await receiver.waitFor(hook.path, count)).map(json);
      expect(hits.find((h) => h.type === "email.sent")).toMatchObject({ type: "email.sent", email_id: sent.id });
    }
    await new Promise((r) => setTimeout(r, 700)); // the demo's delivered event (scaled) comes meanwhile
    for (const hook of [contactOnly, otherProject, inactive]) expect(receiver.received.filter((r) => r.path === hook.path)).toHaveLength(0);
    expect((await receiver.waitFor(deliveredOnly.path, 1)).map(json)[0]).toMatchObject({ type: "email.delivered", email_id: sent.id });
    expect(receiver.received.filter((r) => r.path === sentOnly.path).map((r) => json(r).type)).toEqual(["email.sent"]);
  });
});

describe("demo provider events", () => {
  it("follow a demo send exactly as the seeded plan says: delivered, opened, clicked with the url; bounce@ bounces and is suppressed", async () => {
    const { org, endpoint, send } = await setup();
    const hook = await endpoint();
    const link = "https://example.test/welcome?from=mail";
    // The test servers run with DEMO_EVENTS_SEED: each recipient's fate is fixed, so pick one of each kind.
    const seed = inject("serverEnv").DEMO_EVENTS_SEED;
    const planOf = (recipient: string) => planDemoEvents({ seed, recipient, sentAt: new Date(), link, scale: 1 }).map((e) => e.type);
    const candidates = Array.from({ length: 200 }, (_, i) => `reader${i}@example.test`);
    const pick = (want: (types: string[]) => boolean) => candidates.find((r) => want(planOf(r)))!;
    const clicker = pick((t) => t.includes("email.clicked"));
    const opener = pick((t) => t.includes("email.opened") && !t.includes("email.clicked"));
    const quiet = pick((t) => t.length === 1 && t[0] === "email.delivered");
    const recipients = [clicker, opener, quiet, "bounce@example.test"];
    const sent = await send({ to: recipients, html: `<p><a href="${link}">Start</a></p>`, text: undefined });
    const expected = recipients.flatMap((r) => ["email.sent", ...planOf(r)].map((type) => `${r} ${type}`)).sort();
    const received = () => receiver.received.filter((r) => r.path === hook.path).map(json);
    const deadline = Date.now() + 15_000;
    while (received().length < expected.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300)); // nothing more should follow
    const events = received();
    expect(events.map((e) => `${e.recipient} ${e.type}`).sort()).toEqual(expected);
    expect(events.every((e) => e.email_id === sent.id && e.send_mode === "production" && e.project_id === org.project.id)).toBe(true);
    expect(events.find((e) => e.type === "email.clicked")).toMatchObject({ recipient: clicker, url: link });
    expect(events.filter((e) => e.type !== "email.clicked").every((e) => !("url" in e))).toBe(true);
    expect(events.find((e) => e.type === "email.bounced")).toMatchObject({
      recipient: "bounce@example.test",
      reason: expect.stringContaining("550"),
    });
    const suppressed = await db().suppression.findMany({ where: { orgId: org.org.id } });
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual([["bounce@example.test", "bounce"]]);
    expect(await db().emailEvent.count({ where: { messageId: sent.id } })).toBe(expected.length);
  });
});

describe("retries and endpoint health", () => {
  it("retries a failing delivery on the backoff schedule and succeeds on the 6th attempt; the event id stays, the attempt id changes", async () => {
    const { key, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    receiver.on(hook.path, { statuses: [500, 502, 404, 302, 429, 204] });
    await send();
    const hits = await receiver.waitFor(hook.path, 6, 15_000);
    expect(hits).toHaveLength(6);
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at);
    // base 0.05 s: about 50, 100, 200, 400, 800 ms (+-20%), plus polling and recording.
    [50, 100, 200, 400, 800].forEach((expected, i) => expect(gaps[i]).toBeGreaterThanOrEqual(expected * 0.8 - 5));
    expect(gaps[4]).toBeGreaterThan(gaps[0]);
    expect(new Set(hits.map((h) => h.headers["x-webhook-event-id"])).size).toBe(1);
    expect(new Set(hits.map((h) => h.headers["x-webhook-id"])).size).toBe(6);
    expect(new Set(hits.map((h) => h.body)).size).toBe(1);
    const endpointNow = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    await new Promise((r) => setTimeout(r, 300));
    const after = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    expect(after).toMatchObject({ isActive: true, failureCount: 0, lastSuccessAt: expect.any(String), lastFailureAt: expect.any(String) });
    expect(endpointNow.isActive).toBe(true);
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { endpointId: hook.id },
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
    });
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 6, lastStatusCode: 204 });
    expect(delivery.attemptLog.map((a) => a.statusCode)).toEqual([500, 502, 404, 302, 429, 204]);
    expect(delivery.attemptLog.map((a) => a.id)).toEqual(hits.map((h) => h.headers["x-webhook-id"]));
  });

  it("gives up after 6 attempts; 5 deliveries failed for good disable the endpoint and stop its pending deliveries; re-enabling resets", async () => {
    const { key, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    receiver.on(hook.path, { statuses: [503] });
    await send({ to: ["a@example.test", "b@example.test", "c@example.test", "d@example.test", "e@example.test"] });
    await receiver.waitFor(hook.path, 30, 20_000);
    let state = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    for (let i = 0; i < 40 && state.isActive; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    }
    expect(state).toMatchObject({ isActive: false, failureCount: 5, lastFailureAt: expect.any(String), lastSuccessAt: null });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: hook.id } });
    expect(deliveries.map((d) => [d.status, d.attempts])).toEqual(Array(5).fill(["failed", 6]));
    // Disabled: a new event reaches it no more.
    const before = receiver.received.filter((r) => r.path === hook.path).length;
    await send();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.filter((r) => r.path === hook.path).length).toBe(before);
    const enabled = await call(`/api/v1/webhook-endpoints/${hook.id}`, { key, method: "PATCH", body: { isActive: true } });
    expect(enabled.body.data).toMatchObject({ isActive: true, failureCount: 0 });
    receiver.on(hook.path, { statuses: [200] });
    await send();
    expect((await receiver.waitFor(hook.path, before + 1)).length).toBe(before + 1);
  });

  it("cancels the queued retries of an endpoint that gets disabled", async () => {
    const { key, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    receiver.on(hook.path, { statuses: [500] });
    await send();
    await receiver.waitFor(hook.path, 2);
    await call(`/api/v1/webhook-endpoints/${hook.id}`, { key, method: "PATCH", body: { isActive: false } });
    const count = receiver.received.filter((r) => r.path === hook.path).length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(receiver.received.filter((r) => r.path === hook.path).length).toBeLessThanOrEqual(count + 1); // one may have been in flight
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: hook.id } });
    expect(delivery.status).toBe("cancelled");
  });

  it("retries a network error, and a success resets the count of failed deliveries", async () => {
    const { key, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    const dead = await deadPort();
    await db().webhookEndpoint.update({ where: { id: hook.id }, data: { url: `http://127.0.0.1:${dead.port}/gone`, failureCount: 3 } });
    await send();
    let delivery = await db().webhookDelivery.findFirst({ where: { endpointId: hook.id }, include: { attemptLog: true } });
    for (let i = 0; i < 100 && (delivery?.attemptLog.length ?? 0) < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      delivery = await db().webhookDelivery.findFirst({ where: { endpointId: hook.id }, include: { attemptLog: true } });
    }
    expect(delivery!.attemptLog.length).toBeGreaterThanOrEqual(2);
    expect(delivery!.attemptLog.every((a) => a.statusCode === null && /ECONNREFUSED/.test(a.error ?? ""))).toBe(true);
    await call(`/api/v1/webhook-endpoints/${hook.id}`, { key, method: "PATCH", body: { url: receiver.url(hook.path) } });
    await receiver.waitFor(hook.path, 1, 15_000);
    let state = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    for (let i = 0; i < 40 && state.failureCount !== 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await call(`/api/v1/webhook-endpoints/${hook.id}`, { key })).body.data;
    }
    expect(state).toMatchObject({ failureCount: 0, isActive: true, lastSuccessAt: expect.any(String) });
    expect((await db().webhookDelivery.findFirstOrThrow({ where: { id: delivery!.id } })).status).toBe("succeeded");
  });

  it("records a reply whose body holds NUL bytes, without losing the other outcomes of its batch", async () => {
    const { endpoint, send } = await setup();
    const binary = await endpoint({ events: ["email.sent"] });
    const plain = await endpoint({ events: ["email.sent"] });
    receiver.on(binary.path, { statuses: [500, 200], body: "\u0000\u0001binary\u0000" });
    await send();
    expect(await receiver.waitFor(binary.path, 2)).toHaveLength(2);
    expect(await receiver.waitFor(plain.path, 1)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    const rows = await db().webhookDelivery.findMany({
      where: { endpointId: { in: [binary.id, plain.id] } },
      include: { attemptLog: { orderBy: { attempt: "asc" } } },
    });
    const byEndpoint = new Map(rows.map((r) => [r.endpointId, r]));
    expect(byEndpoint.get(binary.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(byEndpoint.get(binary.id)!.attemptLog.map((a) => [a.statusCode, a.responseBody])).toEqual([
      [500, "\u0001binary"],
      [200, "\u0001binary"],
    ]);
    expect(byEndpoint.get(plain.id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("signatures are refused by a receiver once more than 5 minutes old or from the future", async () => {
    const { endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    await send();
    const [hit] = await receiver.waitFor(hook.path, 1);
    const signedAt = Number(hit.headers["x-webhook-timestamp"]);
    expect(verifyByHand(hit, hook.secret, signedAt + 300)).toBe(true);
    expect(verifyByHand(hit, hook.secret, signedAt + 301)).toBe(false);
    expect(verifyByHand(hit, hook.secret, signedAt - 301)).toBe(false);
  });

  it("signs with both secrets for 24 hours after a rotation", async () => {
    const { key, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    const rotated = (await call(`/api/v1/webhook-endpoints/${hook.id}/rotate-secret`, { key, method: "POST" })).body.data;
    await send();
    const [hit] = await receiver.waitFor(hook.path, 1);
    expect(String(hit.headers["x-webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifyByHand(hit, rotated.secret)).toBe(true);
    expect(verifyByHand(hit, hook.secret)).toBe(true);
    expect(verifyWithStandardWebhooks(hit, rotated.secret)).toBeTruthy();
    expect(verifyWithStandardWebhooks(hit, hook.secret)).toBeTruthy();
  });
});

describe("dashboard delivery routes", () => {
  it("sends SPEC's test event at once, lists the history with attempts, and resends a delivery", async () => {
    const { org, endpoint, send } = await setup();
    const hook = await endpoint({ events: ["email.sent"] });
    const test = await call(`/api/webhook-endpoints/${hook.id}/test`, { cookie: org.cookie, method: "POST" });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ success: true, status: "succeeded", statusCode: 200, durationMs: expect.any(Number), error: null });
    const [hit] = await receiver.waitFor(hook.path, 1);
    expect(hit.headers["x-webhook-event"]).toBe("email.sent");
    expect(json(hit)).toEqual({ test: true, endpoint_id: hook.id, message: expect.any(String), timestamp: expect.stringMatching(/Z$/) });
    expect(verifyWithStandardWebhooks(hit, hook.secret)).toBeTruthy();

    const history = await call(`/api/webhook-endpoints/${hook.id}/deliveries`, { cookie: org.cookie });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    expect(history.body.deliveries[0]).toMatchObject({
      status: "succeeded",
      attempts: 1,
      attemptLog: [{ attempt: 1, statusCode: 200, succeeded: true, responseBody: "ok" }],
    });

    await send();
    const [, real] = await receiver.waitFor(hook.path, 2);
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: hook.id, eventId: { not: null } } });
    const resent = await call(`/api/webhook-endpoints/${hook.id}/deliveries/${delivery.id}/resend`, { cookie: org.cookie, method: "POST" });
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ eventId: delivery.eventId, status: "pending", attempts: 0 });
    const again = (await receiver.waitFor(hook.path, 3))[2];
    expect(again.body).toBe(real.body);
    expect(again.headers["x-webhook-event-id"]).toBe(real.headers["x-webhook-event-id"]);
    expect(again.headers["x-webhook-id"]).not.toBe(real.headers["x-webhook-id"]);

    const stranger = await newOrg();
    expect((await call(`/api/webhook-endpoints/${hook.id}/deliveries`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await call(`/api/webhook-endpoints/${hook.id}/test`, { cookie: stranger.cookie, method: "POST" })).status).toBe(404);
    const key = (await createKey(org.cookie, ["webhooks:read", "webhooks:write"])).key;
    expect((await call(`/api/webhook-endpoints/${hook.id}/deliveries`, { key })).body.code).toBe("SESSION_ONLY");
  });

  it("a delivery that hangs times out after 10 s and is retried", async () => {
    const { org, endpoint } = await setup();
    const hook = await endpoint({ events: ["email.delivered"] });
    receiver.on(hook.path, { statuses: ["hang", 200] });
    const started = Date.now();
    const test = await call(`/api/webhook-endpoints/${hook.id}/test`, { cookie: org.cookie, method: "POST" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
    expect(test.body).toMatchObject({ success: false, status: "pending", error: expect.stringContaining("timed out") });
    expect(await receiver.waitFor(hook.path, 2)).toHaveLength(2);
  }, 20_000);
});
