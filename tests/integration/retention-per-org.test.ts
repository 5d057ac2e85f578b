// Retention per organization (docs/retention.md) on a database of this file's own, filled past
// both limits: an organization that keeps each kind 5 days loses its 7-day-old data of every kind
// while another organization, on the instance's 10 days, keeps its own; under an instance that
// keeps everything for good, only the organization that asked for less loses anything.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { publishEvents } from "@/lib/events/publish-events";
import { rollUpEvents } from "@/lib/analytics/roll-up";
import { pruneRetention } from "@/lib/retention/prune-retention";
import { keptDays, retentionColumns } from "@/lib/retention/organization-retention";
import {
  audit,
  count,
  DAY,
  delivery,
  endpoint,
  eventOf,
  FOREVER,
  inbound,
  newMessage,
  newOrg,
  scheduled,
  sql,
  TEN_DAYS,
  onOwnDatabase,
} from "../helpers/retention-fill";

onOwnDatabase("mailroom_retention_org");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One organization with data of every kind `daysAgo` old. */
async function fill(org: { orgId: string; projectId: string }, daysAgo: number) {
  const messageId = await newMessage(org.orgId, org.projectId);
  await sql(
    Prisma.sql`UPDATE messages SET html = '<p>body</p>', text = 'body', created_at = now() - make_interval(days => ${daysAgo}) WHERE id = ${messageId}::uuid`,
  );
  await publishEvents([
    eventOf(org.orgId, org.projectId, messageId, "email.sent", `r-${daysAgo}@example.test`, Date.now() - daysAgo * DAY),
  ]);
  await delivery(org.orgId, await endpoint(org.orgId), "succeeded", daysAgo);
  await audit(org.orgId, daysAgo);
  await scheduled(org.orgId, "sent", daysAgo);
  await inbound(org.orgId, "processed", daysAgo);
}

/** What is left of each kind for an organization. */
const left = async (orgId: string) => ({
  events: await count(Prisma.sql`email_events WHERE org_id = ${orgId}::uuid`),
  deliveries: await count(Prisma.sql`webhook_deliveries WHERE org_id = ${orgId}::uuid`),
  audit: await count(Prisma.sql`audit_logs WHERE org_id = ${orgId}::uuid`),
  sentBodies: await count(Prisma.sql`messages WHERE org_id = ${orgId}::uuid AND html IS NOT NULL`),
  scheduledBodies: await count(Prisma.sql`scheduled_emails WHERE org_id = ${orgId}::uuid AND email_data ? 'html'`),
  inboundBodies: await count(Prisma.sql`inbound_messages WHERE org_id = ${orgId}::uuid AND text IS NOT NULL`),
});

const every = (n: number) => ({ events: n, deliveries: n, audit: n, sentBodies: n, scheduledBodies: n, inboundBodies: n });
const FIVE_DAYS = { events: 5, webhookDeliveries: 5, audit: 5, messageBodies: 5 };

/** Makes events recorded so far look recorded when they occurred, once rolled up (retention takes only those). */
async function rollUpAndAge(orgIds: string[]) {
  await sleep(1_100);
  await rollUpEvents(1);
  await sql(Prisma.sql`UPDATE email_events SET created_at = occurred_at WHERE org_id = ANY(${orgIds}::uuid[])`);
}

describe("an organization that keeps less than the instance", () => {
  it("loses its data past its own limit while another organization keeps what the instance keeps", async () => {
    const [short, usual] = [await newOrg(), await newOrg()];
    for (const org of [short, usual]) for (const days of [20, 7, 2]) await fill(org, days);
    await rollUpAndAge([short.orgId, usual.orgId]);
    await db().organization.update({ where: { id: short.orgId }, data: retentionColumns(FIVE_DAYS, TEN_DAYS) });
    expect(await left(short.orgId)).toEqual(every(3));

    const summary = await pruneRetention({ settings: TEN_DAYS, batchSize: 2 });
    expect(await left(short.orgId)).toEqual(every(1)); // only the 2-day-old data
    expect(await left(usual.orgId)).toEqual(every(2)); // the 7- and 2-day-old data
    // Both passes are in the run's counts: 20-day-old data of both, 7-day-old of one.
    expect(summary.events).toMatchObject({ rows: 3, complete: true });
    expect(summary.auditLogs).toMatchObject({ rows: 3, complete: true });

    // A second run finds nothing more to do.
    const again = await pruneRetention({ settings: TEN_DAYS });
    expect(again.events).toMatchObject({ rows: 0 });
    expect(await left(short.orgId)).toEqual(every(1));
  });

  it("under an instance that keeps everything for good, only the organization that asked loses anything", async () => {
    const [short, usual] = [await newOrg(), await newOrg()];
    for (const org of [short, usual]) for (const days of [7, 2]) await fill(org, days);
    await rollUpAndAge([short.orgId, usual.orgId]);
    await db().organization.update({ where: { id: short.orgId }, data: retentionColumns({ events: 5, audit: 5 }, FOREVER) });

    await pruneRetention({ settings: FOREVER });
    expect(await left(short.orgId)).toEqual({ ...every(2), events: 1, audit: 1 });
    expect(await left(usual.orgId)).toEqual(every(2));
  });

  it("never keeps longer than the instance: a longer setting is refused, the shorter of the two applies", () => {
    expect(() => retentionColumns({ events: 11 }, TEN_DAYS)).toThrow(/events: at most 10 days/);
    expect(retentionColumns({ events: 10, audit: null }, TEN_DAYS)).toEqual({ retentionEventsDays: 10, retentionAuditDays: null });
    expect(retentionColumns({ events: 400 }, FOREVER)).toEqual({ retentionEventsDays: 400 });
    expect([keptDays(null, 10), keptDays(5, 10), keptDays(20, 10), keptDays(null, 0), keptDays(5, 0)]).toEqual([10, 5, 10, null, 5]);
  });
});
