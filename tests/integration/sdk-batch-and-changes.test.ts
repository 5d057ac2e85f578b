// The client (sdk/) on the routes that batch and change sends: POST /api/v1/email/batch and
// PATCH /api/v1/email/scheduled/{id}, over real HTTP against the production server.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { Mailroom, MailroomError } from "@/sdk/src/index";
import { createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";

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
