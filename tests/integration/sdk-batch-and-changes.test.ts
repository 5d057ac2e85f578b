// The client (sdk/) on the routes that batch, change and read sends: POST /api/v1/email/batch,
// PATCH /api/v1/email/scheduled/{id}, GET /api/v1/email/messages and /messages/{messageId}, over
// real HTTP against the production server.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { Mailroom, MailroomError } from "@/sdk/src/index";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { until } from "../helpers/until";

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const demo = "delivered@demo.mailroom.test";

let client: Mailroom;
beforeAll(async () => {
  const org = await newOrg();
  await productionMode(org.org.id);
  const { key } = await createKey(org.cookie, ["email:send", "analytics:read"]);
  client = new Mailroom(key, { baseUrl: inject("baseUrl"), maxRetries: 0 });
});

describe("emails.batch", () => {
  it("answers one entry per item, in order, a refused item as {error, code}", async () => {
    const testOrg = await newOrg(); // test mode: only demo addresses and the test list get through
    const { key } = await createKey(testOrg.cookie, ["email:send"]);
    const testClient = new Mailroom(key, { baseUrl: inject("baseUrl"), maxRetries: 0 });
    const entries = await testClient.emails.batch([
      { to: demo, subject: "One", text: "x" },
      { to: "stranger@example.test", subject: "Two", text: "x" },
      { to: demo, subject: "Three", text: "x", scheduledAt: inMs(3_600_000) },
    ]);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ id: expect.any(String), status: "sent" });
    expect(entries[1]).toMatchObject({ code: "TEST_MODE_RECIPIENT", error: expect.stringContaining("stranger@example.test") });
    expect(entries[2]).toMatchObject({ id: expect.any(String), status: "scheduled" });
  });

  it("refuses an empty batch as a MailroomError 400", async () => {
    const err = await client.emails.batch([]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
  });
});

describe("emails.update", () => {
  it("changes a scheduled email while it waits", async () => {
    const scheduled = await client.emails.schedule({ to: demo, subject: "Before", text: "x", scheduledAt: inMs(3_600_000) });
    const later = new Date(Date.now() + 7_200_000);
    later.setMilliseconds(0);
    const changed = await client.emails.update(scheduled.id, { subject: "After", scheduledAt: later.toISOString() });
    expect(changed).toMatchObject({ id: scheduled.id, status: "scheduled", scheduledFor: later.toISOString() });
    expect(await client.emails.getScheduled(scheduled.id)).toMatchObject({ emailData: expect.objectContaining({ subject: "After" }) });
    await client.emails.cancel(scheduled.id);
    const err = await client.emails.update(scheduled.id, { subject: "Too late" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "MailroomError", status: 409 });
  });
});

describe("emails.get and emails.list", () => {
  const tag = `run-${Date.now()}`;
  const ids: string[] = [];
  beforeAll(async () => {
    for (const subject of ["First", "Second", "Third"]) {
      const sent = (await client.emails.send({ to: demo, subject, text: "x", tags: [{ name: "batch", value: tag }] })) as { id: string };
      ids.push(sent.id);
    }
  });

  it("gets one message with its tags and events", async () => {
    const message = await until(
      () => client.emails.get(ids[0]),
      (m) => m.events.some((e) => e.type === "email.delivered"),
    );
    expect(message).toMatchObject({ id: ids[0], subject: "First", tags: [{ name: "batch", value: tag }] });
    expect(message.events.map((e) => e.type)).toEqual(expect.arrayContaining(["email.sent", "email.delivered"]));
    const err = await client.emails.get("00000000-0000-4000-8000-000000000000").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("lists by tag, newest first, and listAll walks every page by cursor", async () => {
    const page = await client.emails.list({ tag: `batch:${tag}`, perPage: 2 });
    expect(page.data.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(page.pagination).toMatchObject({ page: 1, perPage: 2, total: 3, nextCursor: expect.any(String) });
    const all: string[] = [];
    for await (const m of client.emails.listAll({ tag: `batch:${tag}`, perPage: 1 })) all.push(m.id);
    expect(all).toEqual([...ids].reverse());
    const err = await client.emails.list({ cursor: "nonsense" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION_ERROR" });
  });
});
