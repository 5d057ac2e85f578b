// A message's status is what the provider last reported (docs/sending.md): provider webhooks,
// demo events and manual events move it, per recipient and for the message, in the API (v1
// timeline, dashboard log) alike; events out of order never move it back; a multi-recipient
// message is summarised per recipient; concurrent reports for one message lose nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSvixSecret, svixHeaders } from "../helpers/provider-signing";
import { until } from "../helpers/until";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { planDemoEvents } from "@/lib/events/demo-plan";
import { STATUS_OF_EVENT, statusRank } from "@/lib/events/message-status";

type Org = Awaited<ReturnType<typeof newOrg>>;
const hex = () => randomBytes(4).toString("hex");

async function timeline(key: string, id: string) {
  const res = await call(`/api/v1/analytics/messages/${id}`, { key });
  expect(res.status).toBe(200);
  return res.body.data.message as { status: string; statusSummary: string; recipients: { email: string; status: string }[] };
}

async function listed(org: Org, id: string) {
  const res = await call(`/api/messages?search=${id}`, { cookie: org.cookie });
  expect(res.status).toBe(200);
  expect(res.body.messages).toHaveLength(1);
  return res.body.messages[0] as { id: string; status: string; statusSummary: string };
}

describe("provider webhook events", () => {
  let org: Org;
  let key: string;
  let secret: string;
  let provider: { id: string; name: string };
  let message: { id: string };
  const emailId = randomUUID();
  const [r1, r2, r3] = ["one@example.test", "two@example.test", "three@example.test"];

  beforeAll(async () => {
    org = await newOrg();
    key = (await createKey(org.cookie, ["analytics:read"])).key;
    secret = newSvixSecret();
    const res = await call("/api/providers", {
      cookie: org.cookie,
      body: { name: `resend ${hex()}`, type: "resend", config: { apiKey: "re_test_123", webhookSecret: secret }, isActive: true },
    });
    expect(res.status).toBe(201);
    provider = res.body;
    message = await db().message.create({
      data: {
        orgId: org.org.id,
        projectId: org.project.id,
        fromAddress: "news@acme.test",
        to: [r1, r2],
        cc: [r3],
        bcc: [],
        subject: "Status",
        status: "sent",
        sendMode: "production",
        providerId: provider.id,
        providerName: provider.name,
        providerMessageId: emailId,
        messageIdHeader: `<${randomUUID()}@acme.test>`,
        sentAt: new Date(),
      },
    });
  });

  /** One Resend (Svix-signed) event through POST /api/webhooks/providers/{id}. */
  async function report(type: string, at: string, to: string[], extra: Record<string, unknown> = {}) {
    const raw = JSON.stringify({
      type,
      created_at: at,
      data: { created_at: at, email_id: emailId, from: "news@acme.test", to, subject: "Status", ...extra },
    });
    const res = await call(`/api/webhooks/providers/${provider.id}`, {
      raw,
      headers: { "content-type": "application/json", ...svixHeaders(secret, `msg_${hex()}${hex()}`, raw) },
    });
    expect(res.status).toBe(200);
  }

  it("before any report: sent, for the message and each recipient", async () => {
    const m = await timeline(key, message.id);
    expect(m.status).toBe("sent");
    expect(m.recipients).toEqual([r1, r2, r3].map((email) => ({ email, status: "sent" })));
    expect(m.statusSummary).toBe("sent (3 of 3)");
    expect((await listed(org, message.id)).status).toBe("sent");
  });

  it("delivered, then opened: the list and the timeline follow the latest report", async () => {
    await report("email.delivered", "2026-11-20T09:00:01.000Z", [r1]);
    expect((await timeline(key, message.id)).status).toBe("delivered");
    expect((await listed(org, message.id)).status).toBe("delivered");
    await report("email.opened", "2026-11-20T09:05:00.000Z", [r1], {
      open: { ipAddress: "203.0.113.9", timestamp: "2026-11-20T09:05:00.000Z", userAgent: "Mozilla/5.0" },
    });
    const m = await timeline(key, message.id);
    expect(m.status).toBe("opened");
    expect(m.recipients).toEqual([
      { email: r1, status: "opened" },
      { email: r2, status: "sent" },
      { email: r3, status: "sent" },
    ]);
    expect(await listed(org, message.id)).toMatchObject({ status: "opened", statusSummary: "opened (1 of 3), sent (2 of 3)" });
  });

  it("out of order: a late delivered after an open changes nothing; an open before its delivery stays opened", async () => {
    const version = async () =>
      (await rawQuery<{ xmin: string }>(Prisma.sql`SELECT xmin::text FROM messages WHERE id = ${message.id}::uuid`))[0].xmin;
    const before = await version();
    await report("email.delivered", "2026-11-20T09:00:00.500Z", [r1]); // reported again, late
    await report("email.opened", "2026-11-20T09:06:00.000Z", [r1], {
      open: { ipAddress: "203.0.113.9", timestamp: "2026-11-20T09:06:00.000Z", userAgent: "Mozilla/5.0" },
    });
    expect(await version()).toBe(before); // a late delivery and a second open change nothing, so write nothing
    await report("email.opened", "2026-11-20T09:07:00.000Z", [r2], {
      open: { ipAddress: "203.0.113.9", timestamp: "2026-11-20T09:07:00.000Z", userAgent: "Mozilla/5.0" },
    });
    await report("email.delivered", "2026-11-20T09:00:02.000Z", [r2]); // its delivery arrives after the open
    await report("email.delivery_delayed", "2026-11-20T09:00:03.000Z", [r3]); // Resend's name for deferred
    const m = await timeline(key, message.id);
    expect(m.recipients).toEqual([
      { email: r1, status: "opened" },
      { email: r2, status: "opened" },
      { email: r3, status: "deferred" },
    ]);
    expect(m.status).toBe("opened");
    expect(m.statusSummary).toBe("opened (2 of 3), deferred (1 of 3)");
  });

  it("a report for an address that is not a recipient is on the timeline but moves no status", async () => {
    const version = async () =>
      (await rawQuery<{ xmin: string }>(Prisma.sql`SELECT xmin::text FROM messages WHERE id = ${message.id}::uuid`))[0].xmin;
    const before = await version();
    await report("email.complained", "2026-11-20T09:08:00.000Z", ["someone-else@victim.example"]);
    expect(await version()).toBe(before);
    const m = await timeline(key, message.id);
    expect(m.status).toBe("opened");
    expect(m.recipients.map((r) => r.email)).toEqual([r1, r2, r3]);
  });

  it("a bounce outranks progress: the message shows bounced, the summary tells the rest; filters find it by status", async () => {
    await report("email.delivered", "2026-11-20T09:00:04.000Z", [r3]);
    await report("email.bounced", "2026-11-20T09:10:00.000Z", [r3], {
      bounce: { message: "550 5.1.1 no such user", subType: "General", type: "Permanent" },
    });
    await report("email.delivered", "2026-11-20T09:00:05.000Z", [r3]); // late again: still bounced
    const m = await timeline(key, message.id);
    expect(m.status).toBe("bounced");
    expect(m.recipients.find((r) => r.email === r3)?.status).toBe("bounced");
    expect(m.statusSummary).toBe("bounced (1 of 3), opened (2 of 3)");
    const bounced = await call(`/api/messages?status=bounced`, { cookie: org.cookie });
    expect(bounced.body.messages.map((x: { id: string }) => x.id)).toEqual([message.id]);
    const opened = await call(`/api/messages?status=opened`, { cookie: org.cookie });
    expect(opened.body.messages).toEqual([]);
    // The legacy stats route and the pipeline's own column are unchanged in meaning.
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe("sent");
  });
});

describe("sends through the demo provider and manual events", () => {
  let org: Org;
  let key: string;

  beforeAll(async () => {
    org = await newOrg();
    key = (await createKey(org.cookie, ["email:send", "analytics:read"])).key;
    const list = await call("/api/safety/test-lists", {
      cookie: org.cookie,
      body: { name: "team", emails: ["reader@example.test", "bounced@example.test", "complained@example.test", "manual@example.test"] },
    });
    expect(list.status).toBe(201);
  });

  const send = async (to: string) => {
    const res = await call("/api/v1/email/send", {
      key,
      body: { to, subject: "Demo", html: '<p>Hi <a href="https://example.test/x">x</a></p>' },
    });
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  };

  it("the demo provider's events arrive and the message shows the highest of them", async () => {
    for (const to of ["reader@example.test", "bounced@example.test", "complained@example.test"]) {
      const id = await send(to);
      // The test server plans demo events from DEMO_EVENTS_SEED=mailroom-tests: the same plan here says what must show.
      const plan = planDemoEvents({
        seed: "mailroom-tests",
        recipient: to,
        sentAt: new Date(),
        link: "https://example.test/x",
        scale: 0.01,
      });
      const expected = plan.map((p) => STATUS_OF_EVENT[p.type]!).sort((a, b) => statusRank(b) - statusRank(a))[0];
      const m = await until(
        () => timeline(key, id),
        (x) => x.status === expected,
        { timeoutMs: 20_000 },
      );
      expect(m.status).toBe(expected);
      expect(m.recipients).toEqual([{ email: to, status: expected }]);
      if (to.startsWith("bounced")) expect(expected).toBe("bounced");
      if (to.startsWith("complained")) expect(expected).toBe("complained");
    }
  });

  it("manual events (POST /api/analytics/track) move the status too; a later delivered does not go back", async () => {
    const to = "manual@example.test";
    const id = await send(to);
    const track = (type: string) => call("/api/analytics/track", { cookie: org.cookie, body: { emailId: id, type, recipient: to } });
    expect((await track("email.delivered")).status).toBe(200);
    expect(statusRank((await timeline(key, id)).status)).toBeGreaterThanOrEqual(statusRank("delivered"));
    expect((await track("email.clicked")).status).toBe(200);
    expect((await track("email.delivered")).status).toBe(200);
    // The demo provider's own events for this address come too: the highest of everything reported shows.
    const plan = planDemoEvents({ seed: "mailroom-tests", recipient: to, sentAt: new Date(), link: "https://example.test/x", scale: 0.01 });
    const expected = [...plan.map((p) => STATUS_OF_EVENT[p.type]!), "clicked" as const].sort((a, b) => statusRank(b) - statusRank(a))[0];
    const m = await until(
      () => timeline(key, id),
      (x) => x.status === expected,
      { timeoutMs: 20_000 },
    );
    expect(m.status).toBe(expected);
    expect(m.status).not.toBe("delivered");
  });
});

describe("concurrent reports", () => {
  it("many events for one message at once: every recipient keeps its highest status, none is lost", async () => {
    const org = await newOrg();
    const key = (await createKey(org.cookie, ["analytics:read"])).key;
    const recipients = Array.from({ length: 12 }, (_, i) => `r${i}@example.test`);
    const message = await db().message.create({
      data: {
        orgId: org.org.id,
        projectId: org.project.id,
        fromAddress: "news@acme.test",
        to: recipients,
        cc: [],
        bcc: [],
        subject: "Race",
        status: "sent",
        sendMode: "production",
        providerName: "x",
        messageIdHeader: `<${randomUUID()}@acme.test>`,
        sentAt: new Date(),
      },
    });
    const event = (type: NewEvent["type"], recipient: string): NewEvent => ({
      orgId: org.org.id,
      projectId: org.project.id,
      messageId: message.id,
      type,
      recipient,
      sendMode: "production",
      occurredAt: new Date(),
      source: "provider",
      dedupeKey: `race:${message.id}:${recipient}:${type}`,
    });
    // Each recipient: delivered, opened and (for even ones) clicked, all published in parallel, one statement each.
    const all = recipients.flatMap((r, i) => [
      event("email.delivered", r),
      event("email.opened", r),
      ...(i % 2 === 0 ? [event("email.clicked", r)] : []),
    ]);
    await Promise.all(all.sort(() => Math.random() - 0.5).map((e) => publishEvents([e])));
    const m = await timeline(key, message.id);
    expect(m.recipients).toEqual(recipients.map((email, i) => ({ email, status: i % 2 === 0 ? "clicked" : "opened" })));
    expect(m.status).toBe("clicked");
    expect(m.statusSummary).toBe("clicked (6 of 12), opened (6 of 12)");
  });
});
