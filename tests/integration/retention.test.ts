// Retention (docs/retention.md) on a database of this file's own, so every prune here is the only
// one touching it and the rollup watermark can be set where a test needs it: old events go only
// once rolled up, rollups and first engagements stay, whole-hour reports read the same after as
// before, finished deliveries go and pending ones stay, bodies are blanked while their rows stay,
// small batches still finish, 0 keeps forever; and a bad setting stops start-up.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { randomUUID } from "node:crypto";
import { startAndWaitForExit } from "../helpers/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { rollUpEvents } from "@/lib/analytics/roll-up";
import { deliveryReport, summaryReport } from "@/lib/analytics/reports";
import { pruneRetention, type RetentionSummary } from "@/lib/retention/prune-retention";
import {
  age,
  audit,
  BODY,
  count,
  DAY,
  delivery,
  endpoint,
  eventOf,
  FOREVER,
  HOUR,
  idempotencyKey,
  inbound,
  newMessage,
  newOrg,
  scheduled,
  sql,
  TEN_DAYS,
  onOwnDatabase,
} from "../helpers/retention-fill";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

onOwnDatabase("mailroom_retention");

describe("a retention run", () => {
  // Organization A: events 20 days old in three hours (rolled up), one late event created now.
  // B: an event older than the cutoff but not rolled up (the roller stalled). C: deliveries.
  const base = Math.floor((Date.now() - 20 * DAY) / HOUR) * HOUR;
  const m = (minutes: number) => base + minutes * 60_000;
  let a: { orgId: string; projectId: string };
  let b: { orgId: string; projectId: string };
  let c: { orgId: string; projectId: string };
  const before: Record<string, unknown> = {};
  const ids: Record<string, string> = {};
  let summary: RetentionSummary;
  let bEventsAfter: number;
  // Three whole hours; two, ending on the hour of the last pruned events; and two days around them.
  const wholeHours = () => ({ orgId: a.orgId, projectId: null, from: new Date(base), to: new Date(base + 3 * HOUR) });
  const twoHours = () => ({ orgId: a.orgId, projectId: null, from: new Date(base), to: new Date(base + 2 * HOUR) });
  const wholeDay = () => ({ orgId: a.orgId, projectId: null, from: new Date(m(-24 * 60)), to: new Date(base + 24 * HOUR) });
  const partial = () => ({ orgId: a.orgId, projectId: null, from: new Date(m(20)), to: new Date(m(135)) });
  const rollups = (orgId: string) =>
    sql(Prisma.sql`SELECT hour, provider, type, reason, count FROM event_rollups WHERE org_id = ${orgId}::uuid ORDER BY 1, 2, 3, 4`);
  const firsts = (orgId: string) =>
    sql(Prisma.sql`SELECT message_id, recipient, kind, first_at FROM engagement_firsts WHERE org_id = ${orgId}::uuid ORDER BY 1, 2, 3`);

  beforeAll(async () => {
    [a, b, c] = [await newOrg(), await newOrg(), await newOrg()];
    const ma = await newMessage(a.orgId, a.projectId);
    const ev = (type: NewEvent["type"], recipient: string, minutes: number, extra: Partial<NewEvent> = {}) =>
      eventOf(a.orgId, a.projectId, ma, type, recipient, m(minutes), extra);
    await publishEvents([
      ev("email.sent", "r1@example.test", 10),
      ev("email.sent", "r2@example.test", 40),
      ev("email.sent", "r3@example.test", 80),
      ev("email.delivered", "r1@example.test", 110),
      ev("email.opened", "r1@example.test", 130, { metadata: { bot: false } }),
      ev("email.bounced", "r3@example.test", 140, { reason: "550 no such user" }),
    ]);
    const mc = await newMessage(c.orgId, c.projectId);
    const cEvents = [randomUUID(), randomUUID()];
    await publishEvents(
      cEvents.map((id) => ({ ...eventOf(c.orgId, c.projectId, mc, "email.sent", "r1@example.test", m(10)), dedupeKey: id })),
    );
    await sleep(1_100);
    await rollUpEvents(1);
    await age(a.orgId, 20);
    await age(c.orgId, 20);
    // Reported late: they happened 20 days ago but were recorded now, so they are not old.
    await publishEvents([ev("email.delivered", "r2@example.test", 50), ev("email.delivered", "r3@example.test", 125)]);

    // C's deliveries: finished and old; pending and old; finished and recent; and two that point
    // at C's old events: one finished but recent (it goes with its event), one pending (it keeps it).
    const hook = await endpoint(c.orgId);
    const [e1, e2] = (
      await sql<{ id: string }>(Prisma.sql`SELECT id::text FROM email_events WHERE org_id = ${c.orgId}::uuid ORDER BY id`)
    ).map((r) => r.id);
    Object.assign(ids, {
      e1,
      e2,
      dSucceededOld: await delivery(c.orgId, hook, "succeeded", 20),
      dFailedOld: await delivery(c.orgId, hook, "failed", 20),
      dCancelledOld: await delivery(c.orgId, hook, "cancelled", 20),
      dPendingOld: await delivery(c.orgId, hook, "pending", 20),
      dDelivering: await delivery(c.orgId, hook, "delivering", 20),
      dSucceededNew: await delivery(c.orgId, hook, "succeeded", 2),
      dOfE1: await delivery(c.orgId, hook, "succeeded", 2, e1),
      dPendingOfE2: await delivery(c.orgId, hook, "pending", 2, e2),
    });
    await audit(a.orgId, 20);
    await audit(a.orgId, 11);
    await audit(a.orgId, 2);
    Object.assign(ids, {
      sentOld: await scheduled(a.orgId, "sent", 20),
      cancelledOld: await scheduled(a.orgId, "cancelled", 20),
      failedOld: await scheduled(a.orgId, "failed", 20),
      waiting: await scheduled(a.orgId, "scheduled", 20),
      sentNew: await scheduled(a.orgId, "sent", 2),
      inboundOld: await inbound(a.orgId, "processed", 20),
      inboundDropped: await inbound(a.orgId, "dropped", 20),
      inboundUnprocessed: await inbound(a.orgId, "received", 20),
      inboundNew: await inbound(a.orgId, "processed", 2),
    });
    await idempotencyKey(a.orgId, "old", 25);
    await idempotencyKey(a.orgId, "fresh", 1);

    before.summary = await summaryReport(wholeHours());
    before.twoHours = await summaryReport(twoHours());
    before.delivery = await deliveryReport(wholeDay());
    before.partial = await summaryReport(partial());
    before.rollups = await rollups(a.orgId);
    before.firsts = await firsts(a.orgId);

    // B: the roller stalled 15 days ago, and B's event of 12 days ago was never rolled up.
    const [{ watermark }] = await sql<{ watermark: Date }>(Prisma.sql`SELECT watermark FROM rollup_state WHERE id = 1`);
    await sql(Prisma.sql`UPDATE rollup_state SET watermark = now() - interval '15 days' WHERE id = 1`);
    const mb = await newMessage(b.orgId, b.projectId);
    await publishEvents([eventOf(b.orgId, b.projectId, mb, "email.sent", "r1@example.test", Date.now() - 12 * DAY)]);
    await sql(Prisma.sql`UPDATE email_events SET created_at = now() - interval '12 days' WHERE org_id = ${b.orgId}::uuid`);

    // Batches of 2, far fewer than the rows: the run must still get through all of them.
    summary = await pruneRetention({ settings: TEN_DAYS, batchSize: 2 });
    bEventsAfter = await count(Prisma.sql`email_events WHERE org_id = ${b.orgId}::uuid`);
    // Back as it was; B's event, never rolled up, would now count as rolled up: it goes.
    await sql(Prisma.sql`UPDATE rollup_state SET watermark = ${watermark} WHERE id = 1`);
    await sql(Prisma.sql`DELETE FROM email_events WHERE org_id = ${b.orgId}::uuid`);
  });

  it("deletes old rolled-up events only, keeps their rollups and first engagements, and marks the hours it took", async () => {
    const left = await sql<{ type: string; recipient: string }>(
      Prisma.sql`SELECT type, recipient FROM email_events WHERE org_id = ${a.orgId}::uuid ORDER BY recipient`,
    );
    expect(left).toEqual([
      { type: "email.delivered", recipient: "r2@example.test" },
      { type: "email.delivered", recipient: "r3@example.test" },
    ]);
    expect(bEventsAfter).toBe(1); // older than the cutoff but not rolled up: kept
    expect(await rollups(a.orgId)).toEqual(before.rollups);
    expect(await firsts(a.orgId)).toEqual(before.firsts);
    const [mark] = await sql<{ hour: Date }>(Prisma.sql`SELECT hour FROM event_prune_marks WHERE org_id = ${a.orgId}::uuid`);
    expect(mark.hour.getTime()).toBe(base + 2 * HOUR); // the bounce at 2:20 was the latest
    expect(await count(Prisma.sql`event_prune_marks WHERE org_id = ${b.orgId}::uuid`)).toBe(0);
  });

  it("reports over whole hours and days read the same after pruning as before", async () => {
    expect(before.summary).toMatchObject({ totalSent: 3, totalDelivered: 3, totalOpened: 1, totalBounced: 1 });
    expect(await summaryReport(wholeHours())).toEqual(before.summary);
    expect(before.twoHours).toMatchObject({ totalSent: 3, totalDelivered: 2, totalOpened: 0, totalBounced: 0 });
    expect(await summaryReport(twoHours())).toEqual(before.twoHours);
    expect(await deliveryReport(wholeDay())).toEqual(before.delivery);
  });

  it("reads a partial edge hour of a pruned period whole when the range covers most of it, else not at all", async () => {
    // 0:20 to 2:15: before pruning, exactly the events inside (sent at 0:40 and 1:20, delivered
    // at 0:50, 1:50 and 2:05). After, 0:00-1:00 counts whole (40 minutes covered: the 0:10 send
    // too) and 2:00-3:00 not at all (15 minutes), not even the late report of 2:05 that is still
    // there: half an hour read from what is left would mix kept and deleted events. First opens
    // are kept, so they stay exact.
    expect(before.partial).toMatchObject({ totalSent: 2, totalDelivered: 3, totalOpened: 1, totalBounced: 0 });
    expect(await summaryReport(partial())).toMatchObject({ totalSent: 3, totalDelivered: 2, totalOpened: 1, totalBounced: 0 });
  });

  it("deletes finished old deliveries with their attempts, never pending ones, and those of deleted events with them", async () => {
    const left = await sql<{ id: string }>(Prisma.sql`SELECT id::text FROM webhook_deliveries WHERE org_id = ${c.orgId}::uuid ORDER BY id`);
    expect(left.map((d) => d.id).sort()).toEqual([ids.dPendingOld, ids.dDelivering, ids.dSucceededNew, ids.dPendingOfE2].sort());
    expect(
      await count(
        Prisma.sql`webhook_attempts WHERE delivery_id = ANY(${[ids.dSucceededOld, ids.dFailedOld, ids.dCancelledOld, ids.dOfE1]}::uuid[])`,
      ),
    ).toBe(0);
    expect(await count(Prisma.sql`webhook_attempts WHERE delivery_id = ANY(${[ids.dPendingOld, ids.dSucceededNew]}::uuid[])`)).toBe(2);
    // The event with a pending delivery stays; the other went, taking its finished delivery.
    const events = await sql<{ id: string }>(Prisma.sql`SELECT id::text FROM email_events WHERE org_id = ${c.orgId}::uuid`);
    expect(events.map((e) => e.id)).toEqual([ids.e2]);
  });

  it("deletes audit entries older than the cutoff only", async () => {
    const left = await sql<{ days: number }>(
      Prisma.sql`SELECT round(extract(epoch FROM now() - created_at) / 86400)::int AS days FROM audit_logs WHERE org_id = ${a.orgId}::uuid`,
    );
    expect(left).toEqual([{ days: 2 }]);
  });

  it("removes the bodies of finished scheduled emails, keeping the rows; an email still to send is untouched", async () => {
    const rows = await sql<{ id: string; status: string; email_data: Record<string, unknown> }>(
      Prisma.sql`SELECT id::text, status, email_data FROM scheduled_emails WHERE org_id = ${a.orgId}::uuid`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(5);
    const blanked = { to: BODY.to, subject: BODY.subject, metadata: BODY.metadata };
    for (const id of [ids.sentOld, ids.cancelledOld, ids.failedOld]) expect(byId.get(id)!.email_data).toEqual(blanked);
    expect(byId.get(ids.sentOld)!.status).toBe("sent");
    expect(byId.get(ids.waiting)!.email_data).toEqual(BODY);
    expect(byId.get(ids.sentNew)!.email_data).toEqual(BODY);
  });

  it("removes the bodies and attachment contents of processed inbound mail, keeping rows, names and sizes", async () => {
    const rows = await sql<{
      id: string;
      status: string;
      subject: string;
      text: string | null;
      html: string | null;
      body_removed_at: Date | null;
      size: number;
      bytes: number;
      filename: string;
    }>(
      Prisma.sql`SELECT m.id::text, m.status, m.subject, m.text, m.html, m.body_removed_at, a.size, octet_length(a.content) AS bytes, a.filename
       FROM inbound_messages m JOIN inbound_attachments a ON a.inbound_message_id = m.id WHERE m.org_id = ${a.orgId}::uuid`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(4);
    for (const id of [ids.inboundOld, ids.inboundDropped]) {
      expect(byId.get(id)).toMatchObject({ subject: "Re: hello", text: null, html: null, size: 4, bytes: 0, filename: "scan.pdf" });
      expect(byId.get(id)!.body_removed_at).toBeInstanceOf(Date);
    }
    for (const id of [ids.inboundUnprocessed, ids.inboundNew])
      expect(byId.get(id)).toMatchObject({ text: "the reply", bytes: 4, body_removed_at: null });
  });

  it("deletes idempotency records past their 24 hours", async () => {
    const left = await sql<{ key: string }>(Prisma.sql`SELECT key FROM idempotency_keys WHERE org_id = ${a.orgId}::uuid`);
    expect(left).toEqual([{ key: "fresh" }]);
  });

  it("got through everything in batches of 2 within one run", () => {
    for (const outcome of Object.values(summary)) expect(outcome).toMatchObject({ complete: true });
    // A's six and C's first; C's second (its delivery is pending) is picked and passed over.
    expect(summary.events).toEqual({ rows: 7, batches: 5, complete: true });
    expect(summary.scheduledBodies!.rows).toBe(3);
    expect(summary.webhookDeliveries!.rows).toBe(3);
  });
});

describe("settings", () => {
  let org: { orgId: string; projectId: string };

  beforeAll(async () => {
    org = await newOrg();
    const mid = await newMessage(org.orgId, org.projectId);
    await publishEvents(
      [1, 2, 3].map((i) => eventOf(org.orgId, org.projectId, mid, "email.sent", `r${i}@example.test`, Date.now() - 30 * DAY)),
    );
    await sleep(1_100);
    await rollUpEvents(1);
    await age(org.orgId, 30);
    await audit(org.orgId, 30);
    await scheduled(org.orgId, "sent", 30);
    await inbound(org.orgId, "processed", 30);
    const hook = await endpoint(org.orgId);
    await delivery(org.orgId, hook, "succeeded", 30);
  });

  const remaining = async () => ({
    events: await count(Prisma.sql`email_events WHERE org_id = ${org.orgId}::uuid`),
    audit: await count(Prisma.sql`audit_logs WHERE org_id = ${org.orgId}::uuid`),
    deliveries: await count(Prisma.sql`webhook_deliveries WHERE org_id = ${org.orgId}::uuid`),
    scheduledBodies: await count(Prisma.sql`scheduled_emails WHERE org_id = ${org.orgId}::uuid AND email_data ? 'html'`),
    inboundBodies: await count(Prisma.sql`inbound_messages WHERE org_id = ${org.orgId}::uuid AND text IS NOT NULL`),
  });

  it("0 days keeps that kind forever", async () => {
    const summary = await pruneRetention({ settings: FOREVER, batchSize: 1 });
    expect(summary).toMatchObject({ events: null, auditLogs: null, webhookDeliveries: null, scheduledBodies: null, inboundBodies: null });
    expect(await remaining()).toEqual({ events: 3, audit: 1, deliveries: 1, scheduledBodies: 1, inboundBodies: 1 });
  });

  it("a run whose time is spent stops before its next batch and says it did not finish", async () => {
    const summary = await pruneRetention({ settings: TEN_DAYS, budgetMs: 0 });
    expect(summary.events).toEqual({ rows: 0, batches: 0, complete: false });
    expect(await remaining()).toEqual({ events: 3, audit: 1, deliveries: 1, scheduledBodies: 1, inboundBodies: 1 });
  });

  it("a batch of one row at a time still gets through every row", async () => {
    // Every old rolled-up event is picked once, one per batch, and a last batch finds none left.
    const picked = await count(Prisma.sql`email_events WHERE created_at < now() - interval '10 days'`);
    const summary = await pruneRetention({ settings: { ...FOREVER, eventsDays: 10 }, batchSize: 1 });
    expect(summary.events).toEqual({ rows: 3, batches: picked + 1, complete: true });
    expect(await remaining()).toEqual({ events: 0, audit: 1, deliveries: 1, scheduledBodies: 1, inboundBodies: 1 });
  });

  it.each([
    ["RETENTION_EVENTS_DAYS", "-5"],
    ["RETENTION_AUDIT_DAYS", "forever"],
    ["RETENTION_MESSAGE_BODIES_DAYS", "1.5"],
    ["RETENTION_WEBHOOK_DELIVERIES_DAYS", "40000"],
  ])("the server refuses to start with %s=%s, saying why", async (name, value) => {
    const message = `${name}: must be a whole number of days from 0 (keep forever) to 36500`;
    const env: NodeJS.ProcessEnv = { ...process.env, ...inject("serverEnv"), DATABASE_URL: inject("databaseUrl"), [name]: value };
    const { code, out } = await startAndWaitForExit(env);
    expect(code).toBe(1);
    expect(out).toContain(message);
  });
});
