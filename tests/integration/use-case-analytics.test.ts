// GET /api/v1/analytics/use-cases: event counts grouped by each message's use case (rolled-up
// and not-yet-rolled-up events alike, counted once), unique opens and clicks by people, how
// each use case was attributed (explicit / the organization's default), messages with none in
// their own row; scope, range validation and organization isolation.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";
import { publishEvents, type NewEvent } from "@/lib/events/publish-events";
import { rollUpEvents } from "@/lib/analytics/roll-up";

const at = (iso: string) => new Date(iso);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RANGE = "from=2026-09-01T00:00:00Z&to=2026-09-03T00:00:00Z";

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
let receipts: string;
let news: string;

async function message(subject: string, to: string, useCaseId: string | null, attribution: "explicit" | "default" | null) {
  const row = await db().message.create({
    data: {
      orgId: org.org.id,
      projectId: org.project.id,
      fromAddress: "a@example.test",
      to: [to],
      cc: [],
      bcc: [],
      subject,
      status: "sent",
      sendMode: "production",
      providerName: "alpha",
      messageIdHeader: `<${subject}-${Date.now()}@example.test>`,
      sentAt: at("2026-09-01T10:00:00Z"),
      createdAt: at("2026-09-01T10:00:00Z"),
      useCaseId,
      useCaseAttribution: attribution,
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
): NewEvent => ({
  orgId: org.org.id,
  projectId: org.project.id,
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
  receipts = (await db().useCase.create({ data: { orgId: org.org.id, name: "Receipts" } })).id;
  news = (await db().useCase.create({ data: { orgId: org.org.id, name: "Newsletter" } })).id;
  const r1 = await message("r1", "p1@example.test", receipts, "explicit");
  const r2 = await message("r2", "p2@example.test", receipts, "default");
  const n1 = await message("n1", "p3@example.test", news, "explicit");
  const none = await message("none", "p4@example.test", null, null);
  await publishEvents([
    event(r1, "email.sent", "p1@example.test", "2026-09-01T10:00:00Z"),
    event(r2, "email.sent", "p2@example.test", "2026-09-01T10:00:00Z"),
    event(n1, "email.sent", "p3@example.test", "2026-09-01T10:00:00Z"),
    event(none, "email.sent", "p4@example.test", "2026-09-01T10:00:00Z"),
  ]);
  await sleep(1_200);
  await rollUpEvents(1); // the sends are rolled up; what follows is read live
  await publishEvents([
    event(r1, "email.delivered", "p1@example.test", "2026-09-01T10:01:00Z"),
    event(r2, "email.bounced", "p2@example.test", "2026-09-01T10:01:00Z", { reason: "550 no such user" }),
    event(n1, "email.delivered", "p3@example.test", "2026-09-01T10:01:00Z"),
    event(n1, "email.opened", "p3@example.test", "2026-09-01T11:00:00Z", { metadata: { bot: false } }),
    event(n1, "email.opened", "p3@example.test", "2026-09-01T12:00:00Z", { metadata: { bot: false } }),
    event(n1, "email.clicked", "p3@example.test", "2026-09-01T12:01:00Z", { url: "https://example.test/x", metadata: { bot: false } }),
    event(r1, "email.opened", "p1@example.test", "2026-09-01T11:00:00Z", { metadata: { bot: true, botReason: "scanner" } }),
  ]);
});

describe("use-case breakdown", () => {
  it("counts each use case's events once, across rollups and live events, with attribution and rates", async () => {
    const res = await call(`/api/v1/analytics/use-cases?${RANGE}`, { key });
    expect(res.status).toBe(200);
    const rows = res.body.data.useCases as Array<Record<string, unknown>>;
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get("Receipts")).toEqual({
      useCaseId: receipts,
      name: "Receipts",
      sent: 2,
      delivered: 1,
      opened: 0,
      clicked: 0,
      bounced: 1,
      explicit: 1,
      byDefault: 1,
      deliveryRate: 0.5,
      openRate: 0,
      clickRate: 0,
      bounceRate: 0.5,
    });
    expect(byName.get("Newsletter")).toEqual({
      useCaseId: news,
      name: "Newsletter",
      sent: 1,
      delivered: 1,
      opened: 1,
      clicked: 1,
      bounced: 0,
      explicit: 1,
      byDefault: 0,
      deliveryRate: 1,
      openRate: 1,
      clickRate: 1,
      bounceRate: 0,
    });
    expect(byName.get(null)).toMatchObject({ useCaseId: null, sent: 1, explicit: 0, byDefault: 0 });
    expect(rows).toHaveLength(3);
    expect(rows[0].name).toBe("Receipts"); // most sent first
  });

  it("counts the same once everything is rolled up", async () => {
    const before = (await call(`/api/v1/analytics/use-cases?${RANGE}`, { key })).body.data;
    await sleep(1_200);
    await rollUpEvents(1);
    expect((await call(`/api/v1/analytics/use-cases?${RANGE}`, { key })).body.data).toEqual(before);
  });

  it("needs analytics:read, validates the range and shows another organization nothing of this one's", async () => {
    const noScope = (await createKey(org.cookie, ["use-cases:read"])).key;
    expect((await call(`/api/v1/analytics/use-cases?${RANGE}`, { key: noScope })).status).toBe(403);
    const bad = await call(`/api/v1/analytics/use-cases?from=2026-09-03T00:00:00Z&to=2026-09-01T00:00:00Z`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    const other = await newOrg();
    const otherKey = (await createKey(other.cookie, ["analytics:read"])).key;
    expect((await call(`/api/v1/analytics/use-cases?${RANGE}`, { key: otherKey })).body.data).toEqual({ useCases: [] });
  });
});
