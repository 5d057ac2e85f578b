// The analytics reports against a known set of events: counts, unique opens and clicks with
// bots left out, rates, range edges inside an hour, rolled-up and not-yet-rolled-up events and
// first engagements alike, project filter and organization isolation; one email's timeline; manual events.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { startReceiver } from "../helpers/webhook-receiver";
import { db } from "@/lib/db/client";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { rollUpEvents } from "@/lib/analytics/roll-up";

const at = (iso: string) => new Date(iso);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
let m1: string;
let m2: string;

async function message(provider: string, subject: string, to: string[], owner = org) {
  const row = await db().message.create({
    data: {
      orgId: owner.org.id,
      projectId: owner.project.id,
      fromAddress: "news@example.test",
      to,
      cc: [],
      bcc: [],
      subject,
      status: "sent",
      sendMode: "production",
      providerName: provider,
      messageIdHeader: `<${subject}@example.test>`,
      sentAt: at("2026-10-05T12:00:00Z"),
    },
  });
  return row.id;
}

const event = (
  messageId: string,
  type: NewEvent["type"],
  recipient: string,
  occurredAt: string,
  extra: Partial<NewEvent> = {},
  owner = org,
): NewEvent => ({
  orgId: owner.org.id,
  projectId: owner.project.id,
  messageId,
  type,
  recipient,
  sendMode: "production",
  occurredAt: at(occurredAt),
  source: "manual",
  ...extra,
});

beforeAll(async () => {
  org = await newOrg();
  key = (await createKey(org.cookie, ["analytics:read"])).key;
  m1 = await message("alpha", "first", ["r1@example.test", "r2@example.test", "r3@example.test"]);
  m2 = await message("beta", "second", ["r4@example.test"]);
  // Half rolled up, half not: the reports must count both, once.
  await publishEvents([
    event(m1, "email.sent", "r1@example.test", "2026-10-05T12:00:00Z"),
    event(m1, "email.sent", "r2@example.test", "2026-10-05T12:00:00Z"),
    event(m1, "email.sent", "r3@example.test", "2026-10-05T12:00:00Z"),
    event(m2, "email.sent", "r4@example.test", "2026-10-05T12:10:00Z"),
    event(m1, "email.delivered", "r1@example.test", "2026-10-05T12:05:00Z"),
    event(m1, "email.delivered", "r2@example.test", "2026-10-05T12:40:00Z"),
  ]);
  await sleep(1_200);
  await rollUpEvents(1);
  await publishEvents([
    event(m2, "email.delivered", "r4@example.test", "2026-10-05T13:05:00Z"),
    event(m1, "email.bounced", "r3@example.test", "2026-10-05T12:41:00Z", { reason: "552 mailbox full" }),
    event(m1, "email.opened", "r1@example.test", "2026-10-06T08:00:00Z", {
      metadata: { bot: true, botReason: "Apple Mail Privacy Protection" },
    }),
    event(m1, "email.opened", "r1@example.test", "2026-10-06T09:00:00Z", { metadata: { bot: false } }),
    event(m1, "email.opened", "r1@example.test", "2026-10-06T10:00:00Z", { metadata: { bot: false } }),
    event(m1, "email.opened", "r2@example.test", "2026-10-06T09:30:00Z", { metadata: { bot: true, botReason: "automated user agent" } }),
    event(m1, "email.clicked", "r1@example.test", "2026-10-06T09:01:00Z", { url: "https://example.test/a", metadata: { bot: false } }),
  ]);
});

const report = (path: string, q: string) => call(`/api/analytics/${path}?${q}`, { cookie: org.cookie });
const RANGE = "from=2026-10-05T00:00:00Z&to=2026-10-07T00:00:00Z";

describe("reports", () => {
  it("summary: totals from events, opens and clicks per recipient by people only, rates of sent with two decimals", async () => {
    const res = await report("summary", RANGE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalSent: 4,
      totalDelivered: 3,
      totalOpened: 1,
      totalClicked: 1,
      totalBounced: 1,
      deliveryRate: 0.75,
      openRate: 0.25,
      clickRate: 0.25,
      bounceRate: 0.25,
    });
    const v1 = await call(`/api/v1/analytics/summary?${RANGE}`, { key });
    expect(v1.body.data).toEqual(res.body);
    expect((await call(`/api/analytics/summary?${RANGE}`, { key })).body).toEqual(res.body);
  });

  it("honours edges inside an hour, inclusive at both ends", async () => {
    const res = await report("summary", "from=2026-10-05T12:30:00Z&to=2026-10-05T13:05:00Z");
    expect(res.body).toMatchObject({ totalSent: 0, totalDelivered: 2, totalBounced: 1 }); // 12:40, 13:05 delivered; 12:41 bounced
    expect((await report("summary", "from=2026-10-05T12:05:00Z&to=2026-10-05T12:05:00Z")).body.totalDelivered).toBe(1);
    expect((await report("summary", "from=2026-10-05T12:05:00.001Z&to=2026-10-05T12:39:59.999Z")).body.totalDelivered).toBe(0);
    expect((await report("summary", "from=2026-10-05T11:00:00Z&to=2026-10-05T13:00:00Z")).body).toMatchObject({
      totalSent: 4,
      totalDelivered: 2,
    });
  });

  it("reads a long partial hour as its rollup less the rest of the hour, with the same counts", async () => {
    // Head of 55 minutes: hour 12's rollup less [12:00, 12:05) (the three sends at 12:00).
    expect((await report("summary", "from=2026-10-05T12:05:00Z&to=2026-10-05T13:55:00Z")).body).toMatchObject({
      totalSent: 1,
      totalDelivered: 3,
      totalBounced: 1,
    });
    // Tail of 39:59: hour 12's rollup less (12:39:59, 13:00) (the delivery at 12:40).
    expect((await report("summary", "from=2026-10-05T11:00:00Z&to=2026-10-05T12:39:59Z")).body).toMatchObject({
      totalSent: 4,
      totalDelivered: 1,
      totalBounced: 0,
    });
    // Inside one hour, 58 minutes: the hour less [12:00, 12:00:00.001) and (12:58, 13:00).
    expect((await report("summary", "from=2026-10-05T12:00:00.001Z&to=2026-10-05T12:58:00Z")).body).toMatchObject({
      totalSent: 1,
      totalDelivered: 2,
      totalBounced: 1,
    });
    const bounces = await report("bounce-report", "from=2026-10-05T12:05:00Z&to=2026-10-05T13:55:00Z");
    expect(bounces.body.bouncesByProvider).toEqual([{ provider: "alpha", count: 1 }]);
    const delivery = await report("delivery-report", "from=2026-10-05T12:00:00.001Z&to=2026-10-05T12:58:00Z");
    expect(delivery.body.providerBreakdown.map((p: { provider: string; sent: number }) => [p.provider, p.sent])).toEqual([
      ["beta", 1],
      ["alpha", 0],
    ]);
  });

  it("bounce report by reason and provider; delivery report by day and provider", async () => {
    const bounces = await report("bounce-report", RANGE);
    expect(bounces.body).toEqual({
      totalBounces: 1,
      bouncesByReason: [{ reason: "552 mailbox full", count: 1 }],
      bouncesByProvider: [{ provider: "alpha", count: 1 }],
    });
    const delivery = await report("delivery-report", RANGE);
    expect(delivery.body.dailyStats).toEqual([
      { date: "2026-10-05", sent: 4, delivered: 3, opened: 0, clicked: 0, bounced: 1 },
      { date: "2026-10-06", sent: 0, delivered: 0, opened: 1, clicked: 1, bounced: 0 },
      { date: "2026-10-07", sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0 },
    ]);
    expect(delivery.body.providerBreakdown).toEqual([
      { provider: "alpha", sent: 3, delivered: 2, opened: 1, clicked: 1, bounced: 1, deliveryRate: 0.67, bounceRate: 0.33 },
      { provider: "beta", sent: 1, delivered: 1, opened: 0, clicked: 0, bounced: 0, deliveryRate: 1, bounceRate: 0 },
    ]);
  });

  it("defaults to the last 30 days, refuses bad dates and from after to, and filters by project", async () => {
    expect((await report("summary", "")).body.totalSent).toBe(0); // the known events (early October 2026) are older than 30 days
    for (const q of [
      "from=yesterday",
      "to=2026-13-01T00:00:00Z",
      "from=2026-10-07T00:00:00Z&to=2026-10-05T00:00:00Z",
      "limit=5",
      "projectId=nope",
      "from=0001-01-01T00:00:00Z&to=9999-12-31T00:00:00Z",
    ]) {
      const res = await report("summary", q);
      expect(res.status, q).toBe(400);
    }
    const other = (await call("/api/projects", { cookie: org.cookie, body: { name: "Other" } })).body;
    expect((await report("summary", `${RANGE}&projectId=${other.id}`)).body.totalSent).toBe(0);
    expect((await report("summary", `${RANGE}&projectId=${org.project.id}`)).body.totalSent).toBe(4);
    const stranger = await newOrg();
    expect((await report("summary", `${RANGE}&projectId=${stranger.project.id}`)).status).toBe(404);
    const theirs = await call(`/api/analytics/summary?${RANGE}`, { cookie: stranger.cookie });
    expect(theirs.body).toMatchObject({ totalSent: 0, totalDelivered: 0 });
  });
});

describe("first opens and clicks, rolled up and not", () => {
  let own: Awaited<ReturnType<typeof newOrg>>;
  const human = { metadata: { bot: false } };
  const open = (m: string, recipient: string, occurredAt: string, extra: Partial<NewEvent> = human) =>
    event(m, "email.opened", recipient, occurredAt, extra, own);
  const ask = (path: string, q: string) => call(`/api/analytics/${path}?${q}`, { cookie: own.cookie });
  const rolledUp = async () =>
    Number(
      (
        await db().$queryRaw<
          { n: bigint }[]
        >`SELECT coalesce(sum(count), 0)::bigint AS n FROM engagement_rollups WHERE org_id = ${own.org.id}::uuid`
      )[0].n,
    );
  // Ranges whose edges fall inside hours, read as part-hours or as an hour's rollup less the rest.
  const QUERIES: [string, string][] = [
    ["summary", "from=2026-10-06T00:00:00Z&to=2026-10-07T00:00:00Z"],
    ["summary", "from=2026-10-06T09:10:00Z&to=2026-10-06T11:55:00Z"], // head: hour 9 less [9:00, 9:10)
    ["summary", "from=2026-10-06T09:00:00Z&to=2026-10-06T09:05:00Z"], // a few minutes, read as they are
    ["summary", "from=2026-10-06T09:00:00.001Z&to=2026-10-06T09:58:00Z"], // the hour less its two ends
    ["delivery-report", "from=2026-10-06T00:00:00Z&to=2026-10-07T23:59:59Z"],
  ];
  const answers = () => Promise.all(QUERIES.map(([path, q]) => ask(path, q).then((r) => r.body)));

  beforeAll(async () => {
    own = await newOrg();
    const a = await message("alpha", "rolled", ["p1@example.test", "p2@example.test", "p3@example.test"], own);
    const b = await message("beta", "live", ["p4@example.test"], own);
    await publishEvents([
      open(a, "p1@example.test", "2026-10-06T09:00:00Z"),
      open(a, "p1@example.test", "2026-10-06T09:20:00Z"), // not a first
      open(a, "p2@example.test", "2026-10-06T09:30:00Z"),
      open(a, "p3@example.test", "2026-10-06T09:59:00Z", { metadata: { bot: true, botReason: "automated user agent" } }),
      event(a, "email.clicked", "p2@example.test", "2026-10-06T09:31:00Z", { url: "https://example.test/a", ...human }, own),
    ]);
    await sleep(1_200);
    await rollUpEvents(1);
    await publishEvents([
      open(a, "p3@example.test", "2026-10-06T09:50:00Z"), // a person after the bot: p3's first
      open(b, "p4@example.test", "2026-10-07T08:00:00Z"),
      event(b, "email.clicked", "p4@example.test", "2026-10-06T11:00:00Z", { url: "https://example.test/b", ...human }, own),
    ]);
  });

  it("count each person's first open and click once, whether rolled up or not, and the same after the next roll-up", async () => {
    expect(await rolledUp()).toBe(3); // p1's and p2's opens, p2's click
    const before = await answers();
    expect(before[0]).toMatchObject({ totalOpened: 3, totalClicked: 2 });
    expect(before[1]).toMatchObject({ totalOpened: 2, totalClicked: 2 }); // 9:30, 9:50; 9:31, 11:00
    expect(before[2]).toMatchObject({ totalOpened: 1, totalClicked: 0 });
    expect(before[3]).toMatchObject({ totalOpened: 2, totalClicked: 1 }); // 9:30, 9:50; 9:31
    expect(before[4].dailyStats).toEqual([
      { date: "2026-10-06", sent: 0, delivered: 0, opened: 3, clicked: 2, bounced: 0 },
      { date: "2026-10-07", sent: 0, delivered: 0, opened: 1, clicked: 0, bounced: 0 },
    ]);
    expect(before[4].providerBreakdown).toEqual([
      { provider: "alpha", sent: 0, delivered: 0, opened: 3, clicked: 1, bounced: 0, deliveryRate: 0, bounceRate: 0 },
      { provider: "beta", sent: 0, delivered: 0, opened: 1, clicked: 1, bounced: 0, deliveryRate: 0, bounceRate: 0 },
    ]);
    await sleep(1_200);
    await rollUpEvents(1);
    expect(await rolledUp()).toBe(6);
    expect(await answers()).toEqual(before);
  });
});

describe("one email", () => {
  it("stats and the v1 timeline list its events oldest first; another organization's email is 404; keys get SESSION_ONLY on stats", async () => {
    const stats = await call(`/api/analytics/stats/${m1}`, { cookie: org.cookie });
    expect(stats.status).toBe(200);
    expect(stats.body.emailId).toBe(m1);
    const times = stats.body.events.map((e: { occurredAt: string }) => e.occurredAt);
    expect(times).toEqual([...times].sort());
    expect(stats.body.events.slice(0, 3).map((e: { type: string }) => e.type)).toEqual(["email.sent", "email.sent", "email.sent"]);
    expect(stats.body.events.at(-1)).toMatchObject({ type: "email.opened", occurredAt: "2026-10-06T10:00:00.000Z" });
    const timeline = await call(`/api/v1/analytics/messages/${m1}`, { key });
    expect(timeline.body.data.message).toMatchObject({ id: m1, subject: "first", providerName: "alpha" });
    expect(timeline.body.data.events.map((e: { id: string }) => e.id)).toEqual(stats.body.events.map((e: { id: string }) => e.id));
    const stranger = await newOrg();
    expect((await call(`/api/analytics/stats/${m1}`, { cookie: stranger.cookie })).status).toBe(404);
    expect(
      (await call(`/api/v1/analytics/messages/${m1}`, { key: (await createKey(stranger.cookie, ["analytics:read"])).key })).status,
    ).toBe(404);
    expect((await call(`/api/analytics/stats/not-an-id`, { cookie: org.cookie })).status).toBe(404);
    expect((await call(`/api/analytics/stats/${m1}`, { key })).body.code).toBe("SESSION_ONLY");
  });

  it("track records a manual event through the same pipeline, webhooks included; validates the type", async () => {
    const receiver = await startReceiver();
    try {
      const hookKey = (await createKey(org.cookie, ["webhooks:write"])).key;
      await call("/api/v1/webhook-endpoints", { key: hookKey, body: { url: receiver.url("/manual"), events: ["email.complained"] } });
      const res = await call("/api/analytics/track", {
        cookie: org.cookie,
        body: { emailId: m2, type: "email.complained", recipient: "r4@example.test", reason: "reported by phone" },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      const [hit] = await receiver.waitFor("/manual", 1);
      expect(JSON.parse(hit.body)).toMatchObject({
        type: "email.complained",
        email_id: m2,
        recipient: "r4@example.test",
        reason: "reported by phone",
      });
      expect(await db().suppression.count({ where: { orgId: org.org.id, email: "r4@example.test", reason: "complaint" } })).toBe(1);
      expect((await call("/api/analytics/track", { cookie: org.cookie, body: { emailId: m2, type: "email.exploded" } })).status).toBe(400);
      expect(
        (
          await call("/api/analytics/track", {
            cookie: org.cookie,
            body: { emailId: m2, type: "email.bounced", recipient: "someone-else@example.test" },
          })
        ).status,
      ).toBe(400);
      expect((await call("/api/analytics/track", { cookie: org.cookie, body: { type: "email.opened" } })).status).toBe(400);
      expect(
        (
          await call("/api/analytics/track", {
            cookie: org.cookie,
            body: { emailId: "6c1f5a3e-0000-4000-8000-000000000000", type: "email.opened" },
          })
        ).status,
      ).toBe(404);
      expect((await call("/api/analytics/track", { key, body: { emailId: m2, type: "email.opened" } })).body.code).toBe("SESSION_ONLY");
    } finally {
      await receiver.close();
    }
  });
});

describe("track's event names", () => {
  it("takes every type of the vocabulary by its short name or in full (and delivery_delayed), stored and answered as the canonical name", async () => {
    const own = await newOrg();
    const row = await db().message.create({
      data: {
        orgId: own.org.id,
        projectId: own.project.id,
        fromAddress: "news@example.test",
        to: ["t1@example.test"],
        cc: [],
        bcc: [],
        subject: "names",
        status: "sent",
        sendMode: "production",
        providerName: "alpha",
        messageIdHeader: "<names@example.test>",
        sentAt: new Date(),
      },
    });
    const names: [string, string][] = [
      ["sent", "email.sent"],
      ["delivered", "email.delivered"],
      ["deferred", "email.deferred"],
      ["delivery_delayed", "email.deferred"],
      ["email.delivery_delayed", "email.deferred"],
      ["dropped", "email.dropped"],
      ["failed", "email.dropped"],
      ["bounced", "email.bounced"],
      ["opened", "email.opened"],
      ["email.opened", "email.opened"],
      ["clicked", "email.clicked"],
      ["complained", "email.complained"],
      ["unsubscribed", "email.unsubscribed"],
    ];
    for (const [name] of names) {
      const res = await call("/api/analytics/track", {
        cookie: own.cookie,
        body: { emailId: row.id, type: name, ...(name === "clicked" ? { url: "https://example.test/x" } : {}) },
      });
      expect([name, res.status, res.body]).toEqual([name, 200, { success: true }]);
    }
    const stored = (await db().emailEvent.findMany({ where: { messageId: row.id }, orderBy: { createdAt: "asc" } })).map((e) => e.type);
    expect(stored).toEqual(names.map(([, canonical]) => canonical));
    const stats = await call(`/api/analytics/stats/${row.id}`, { cookie: own.cookie });
    expect(new Set(stats.body.events.map((e: { type: string }) => e.type))).toEqual(new Set(names.map(([, canonical]) => canonical)));
    for (const wrong of ["exploded", "email.", "open", "email.email.opened", ""]) {
      const res = await call("/api/analytics/track", { cookie: own.cookie, body: { emailId: row.id, type: wrong } });
      expect([wrong, res.status, res.body.error]).toEqual([wrong, 400, expect.stringContaining("body.type: unknown event type")]);
    }
  });
});

describe("messages log", () => {
  it("lists newest first, searches recipients and subjects (case-insensitively, % and _ taken literally), filters by status", async () => {
    const log = await newOrg();
    const make = (subject: string, to: string, status: string, created: string) =>
      db().message.create({
        data: {
          orgId: log.org.id,
          fromAddress: "n@example.test",
          to: [to],
          cc: [],
          bcc: [],
          subject,
          status,
          sendMode: "test",
          messageIdHeader: `<${subject}@x>`,
          createdAt: at(created),
        },
      });
    await make("Welcome aboard", "ada@example.test", "sent", "2026-11-01T10:00:00Z");
    await make("Your receipt 100%", "bob@example.test", "failed", "2026-11-02T10:00:00Z");
    await make("Weekly news", "carol_x@example.test", "sent", "2026-11-03T10:00:00Z");
    const list = (q = "") => call(`/api/messages${q}`, { cookie: log.cookie });
    const all = await list();
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.body.messages.map((m: { subject: string }) => m.subject)).toEqual(["Weekly news", "Your receipt 100%", "Welcome aboard"]);
    expect((await list("?search=ADA")).body.messages.map((m: { subject: string }) => m.subject)).toEqual(["Welcome aboard"]);
    expect((await list("?search=receipt")).body.total).toBe(1);
    expect((await list("?search=100%25")).body.total).toBe(1);
    expect((await list("?search=_x")).body.total).toBe(1);
    expect((await list("?search=%25")).body.total).toBe(1);
    expect((await list("?status=failed")).body.messages.map((m: { to: string[] }) => m.to)).toEqual([["bob@example.test"]]);
    expect((await list("?pageSize=2&page=2")).body.messages).toHaveLength(1);
    expect((await list("?status=nope")).status).toBe(400);
    expect((await call("/api/messages", { cookie: org.cookie })).body.messages.every((m: { id: string }) => [m1, m2].includes(m.id))).toBe(
      true,
    );
    expect(all.body.moreThanTotal).toBe(false);
    expect((await list("?pageSize=2&page=9")).body).toMatchObject({ messages: [], total: 3, moreThanTotal: false });
  });

  it("counts up to 10,000 matches, then says there are more; a deeper page still knows whether one follows", async () => {
    const big = await newOrg();
    const fill = (n: number) => db().$executeRaw`
      INSERT INTO messages (id, org_id, from_address, "to", cc, bcc, subject, status, send_mode, message_id_header, created_at)
      SELECT gen_random_uuid(), ${big.org.id}::uuid, 'n@example.test', ARRAY['r' || i || '@example.test'], '{}', '{}', 'Bulk ' || i, 'sent', 'test', '<bulk' || i || '@x>', now() - make_interval(secs => i)
      FROM generate_series(1, ${n}::int) AS i`;
    await fill(10_000);
    const list = (q: string) => call(`/api/messages${q}`, { cookie: big.cookie });
    expect((await list("?pageSize=100")).body).toMatchObject({ total: 10_000, moreThanTotal: false });
    await db().$executeRaw`INSERT INTO messages (id, org_id, from_address, "to", cc, bcc, subject, status, send_mode, message_id_header)
      VALUES (gen_random_uuid(), ${big.org.id}::uuid, 'n@example.test', ARRAY['last@example.test'], '{}', '{}', 'Newest', 'failed', 'test', '<newest@x>')`;
    const first = await list("?pageSize=100");
    expect(first.body).toMatchObject({ total: 10_000, moreThanTotal: true });
    expect(first.body.messages[0].subject).toBe("Newest");
    // Page 100 ends at 10,000: one more follows. Page 101 holds it and is the last.
    expect((await list("?pageSize=100&page=100")).body).toMatchObject({ total: 10_000, moreThanTotal: true });
    const last = await list("?pageSize=100&page=101");
    expect(last.body).toMatchObject({ total: 10_001, moreThanTotal: false });
    expect(last.body.messages).toHaveLength(1);
    // Filters count their own matches.
    expect((await list("?status=failed")).body).toMatchObject({ total: 1, moreThanTotal: false });
  });
});
