// Demo addresses (<outcome>@demo.mailroom.test) through real HTTP: with a real provider configured
// in production mode the provider is never called; the outcome's events are recorded and
// delivered to webhooks (signed) within seconds; test mode lets them through without a test
// list (and only them); a message mixing them with real recipients is refused; a bounce or a
// complaint is recorded without suppressing the address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { startReceiver, verifyByHand, verifyWithStandardWebhooks, type Receiver } from "../helpers/webhook-receiver";
import { until } from "../helpers/until";
import { db } from "@/lib/db/client";
import { DEMO_DOMAIN } from "@/lib/events/demo-addresses";

let receiver: Receiver;
let sink: SmtpSink;
beforeAll(async () => {
  [receiver, sink] = await Promise.all([startReceiver(), newSink()]);
});
afterAll(async () => {
  await Promise.all([receiver.close(), sink.close()]);
});

const demo = (outcome: string) => `${outcome}@${DEMO_DOMAIN}`;
const link = "https://example.test/start";
const EXPECTED: Record<string, string[]> = {
  delivered: ["email.sent", "email.delivered"],
  bounced: ["email.sent", "email.bounced"],
  complained: ["email.sent", "email.delivered", "email.complained"],
  opened: ["email.sent", "email.delivered", "email.opened"],
  clicked: ["email.sent", "email.delivered", "email.opened", "email.clicked"],
  deferred: ["email.sent", "email.deferred", "email.delivered"],
  dropped: ["email.sent", "email.dropped"],
};
const eventTypes = async (messageId: string) =>
  (await db().emailEvent.findMany({ where: { messageId }, orderBy: { occurredAt: "asc" } })).map((e) => e.type);

describe("demo addresses in production mode with a real provider", () => {
  it("never reach the provider; each gives its outcome's events within seconds, delivered signed to webhooks", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, sink);
    const { key } = await createKey(org.cookie, ["email:send", "webhooks:write"]);
    const hookPath = `/demo-${Date.now()}`;
    const hook = (await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(hookPath) } })).body.data as { secret: string };
    // The provider works: a real recipient goes through it.
    const real = await call("/api/v1/email/send", {
      key,
      body: { from: "ann@sender.test", to: "someone@example.test", subject: "Real", text: "x" },
    });
    expect(real.body.data.provider).toMatch(/^smtp /);
    await until(
      async () => sink.messages.length,
      (n) => n === 1,
    );

    const started = Date.now();
    const sent = new Map<string, string>();
    for (const outcome of Object.keys(EXPECTED)) {
      const res = await call("/api/v1/email/send", {
        key,
        body: { from: "ann@sender.test", to: demo(outcome), subject: `Demo ${outcome}`, html: `<a href="${link}">Go</a>` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: "sent", provider: "demo", messageId: expect.stringMatching(/^demo_/) });
      sent.set(outcome, res.body.data.id);
    }
    for (const [outcome, id] of sent) {
      const types = await until(
        () => eventTypes(id),
        (t) => t.length >= EXPECTED[outcome].length,
        { timeoutMs: 5_000 },
      );
      expect(types, outcome).toEqual(EXPECTED[outcome]);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    const messages = await db().message.findMany({ where: { id: { in: [...sent.values()] } } });
    expect(messages.every((m) => m.providerName === "demo" && m.providerId === null)).toBe(true);
    // Nothing but the real recipient's mail reached the provider.
    expect(sink.messages).toHaveLength(1);

    // Every event went to the endpoint, signed, with its reason or url.
    const total = Object.values(EXPECTED).flat().length + 1; // and the real send's email.sent
    const hits = await receiver.waitFor(hookPath, total, 10_000);
    expect(hits).toHaveLength(total);
    expect(hits.every((h) => verifyByHand(h, hook.secret) && verifyWithStandardWebhooks(h, hook.secret))).toBe(true);
    const bodies = hits.map((h) => JSON.parse(h.body));
    for (const [outcome, id] of sent) {
      expect(
        bodies
          .filter((b) => b.email_id === id)
          .map((b) => b.type)
          .sort(),
        outcome,
      ).toEqual([...EXPECTED[outcome]].sort());
    }
    expect(bodies.find((b) => b.type === "email.clicked")).toMatchObject({ recipient: demo("clicked"), url: link });
    expect(bodies.find((b) => b.type === "email.bounced").reason).toMatch(/^550/);
    expect(bodies.find((b) => b.type === "email.deferred").reason).toMatch(/^451/);
    expect(bodies.find((b) => b.type === "email.dropped").reason).toMatch(/demo provider/);

    // The bounce and the complaint are recorded, not suppressed: a second send bounces again.
    expect(await db().suppression.count({ where: { orgId: org.org.id } })).toBe(0);
    const again = await call("/api/v1/email/send", {
      key,
      body: { from: "ann@sender.test", to: demo("bounced"), subject: "Again", text: "x" },
    });
    expect(again.status).toBe(200);
    expect(
      await until(
        () => eventTypes(again.body.data.id),
        (t) => t.length >= 2,
      ),
    ).toEqual(EXPECTED.bounced);
  });

  it("clicked@ with no link in the mail is delivered and opened, and nothing more", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const res = await call("/api/v1/email/send", {
      key,
      body: { from: "ann@sender.test", to: demo("clicked"), subject: "No link", text: "no link here" },
    });
    expect(res.status).toBe(200);
    await until(
      () => eventTypes(res.body.data.id),
      (t) => t.length >= 3,
    );
    await new Promise((r) => setTimeout(r, 300)); // at the tests' time scale every event is long due
    expect(await eventTypes(res.body.data.id)).toEqual(["email.sent", "email.delivered", "email.opened"]);
  });
});

describe("demo addresses in test mode", () => {
  it("pass without a test list, and only they do; a mix with a real recipient is a 400 naming the field", async () => {
    const org = await newOrg(); // a new organization is in test mode, with no test list
    const { key } = await createKey(org.cookie, ["email:send"]);
    const send = (body: Record<string, unknown>) => call("/api/v1/email/send", { key, body: { subject: "Hi", text: "x", ...body } });

    const ok = await send({ to: [demo("delivered"), demo("opened")], cc: demo("clicked") });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.provider).toBe("demo");
    const count = (types: string[], type: string) => types.filter((t) => t === type).length;
    const events = await until(
      () => eventTypes(ok.body.data.id),
      (t) => count(t, "email.delivered") === 3 && count(t, "email.opened") === 2,
    );
    await new Promise((r) => setTimeout(r, 300)); // at the tests' time scale every event is long due
    expect((await eventTypes(ok.body.data.id)).sort()).toEqual(events.sort());
    expect(events.sort()).toEqual([
      "email.delivered",
      "email.delivered",
      "email.delivered",
      "email.opened",
      "email.opened",
      "email.sent",
      "email.sent",
      "email.sent",
    ]);

    const real = await send({ to: "someone@example.test" });
    expect(real.status).toBe(403);
    expect(real.body.code).toBe("TEST_MODE_RECIPIENT");

    const before = await db().message.count({ where: { orgId: org.org.id } });
    const mixed = await send({ to: "someone@example.test", bcc: demo("delivered") });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("body.bcc: demo addresses") });
    const unknown = await send({ to: `nobody@${DEMO_DOMAIN}` });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain(`body.to: nobody@${DEMO_DOMAIN} is not a demo address`);
    // The legacy route and scheduling refuse the mix the same way.
    const legacy = await call("/api/email/send", { key, body: { to: [demo("opened"), "someone@example.test"], subject: "Hi", text: "x" } });
    expect([legacy.status, legacy.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call("/api/email/schedule", {
      key,
      body: { to: [demo("opened"), "someone@example.test"], subject: "Hi", text: "x", scheduledFor: later },
    });
    expect([scheduled.status, scheduled.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(before);
    // A demo address alone may be scheduled in test mode.
    const alone = await call("/api/email/schedule", {
      key,
      body: { to: demo("delivered"), subject: "Hi", text: "x", scheduledFor: later },
    });
    expect(alone.status, JSON.stringify(alone.body)).toBeLessThan(300);
  });
});
