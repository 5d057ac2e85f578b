// Changing a scheduled email while it waits (PATCH /api/v1/email/scheduled/{id}) and relative
// send times ("in 10 minutes"): the change is checked as a whole send body and as scheduling
// checks it; it moves the send to its new time; once the send has begun it is refused (409) and
// nothing changes. A change racing the due time: scheduling-update-race.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { deadPort, productionMode, smtpProvider } from "../helpers/sending";
import { until } from "../helpers/until";
import { done, inMs, messagesOf, patch, rowOf, schedule, sendingOrg, sleep } from "../helpers/scheduling";
import { db } from "@/lib/db/client";

const MIN = 60_000;

let org: Awaited<ReturnType<typeof newOrg>>;
let key: string;
beforeAll(async () => {
  ({ org, key } = await sendingOrg());
});

describe("PATCH /api/v1/email/scheduled/{id}", () => {
  it("moves the time, later or earlier: sent once, at the new time, with the new content", async () => {
    const later = (await schedule(key, { subject: "Move later", scheduledAt: inMs(1_500) })).body.data;
    const earlier = (await schedule(key, { subject: "Move earlier", scheduledAt: inMs(60 * MIN) })).body.data;
    const newTime = inMs(4_000);
    const moved = await patch(key, later.id, { scheduledAt: newTime, subject: "Moved later", text: "new text" });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ id: later.id, status: "scheduled", scheduledFor: newTime });
    expect(moved.body.data.emailData).toMatchObject({ subject: "Moved later", text: "new text", to: ["r@example.test"] });
    expect((await patch(key, earlier.id, { scheduledAt: inMs(1_500) })).status).toBe(200);

    expect((await done(earlier.id)).status).toBe("sent");
    await sleep(Date.parse(later.scheduledFor) + 1_000 - Date.now()); // past the old time
    expect((await rowOf(later.id)).status).toBe("scheduled");
    expect(await messagesOf(org.org.id, ["Move later", "Moved later"])).toEqual([]);
    const sent = await done(later.id);
    expect(sent.status).toBe("sent");
    const messages = await messagesOf(org.org.id, ["Move later", "Moved later"]);
    expect(messages.map((m) => [m.id, m.subject, m.text])).toEqual([[sent.messageId, "Moved later", "new text"]]);
    expect(sent.sentAt!.getTime()).toBeGreaterThanOrEqual(Date.parse(newTime));
    expect((await messagesOf(org.org.id, ["Move earlier"])).length).toBe(1);
  });

  it("changes a field and keeps the time and the rest of the body; audited; relative times; Idempotency-Key", async () => {
    const waiting = (await schedule(key, { subject: "Keep", cc: "c@example.test", metadata: { a: 1 }, scheduledAt: inMs(60 * MIN) })).body
      .data;
    const changed = await patch(key, waiting.id, { subject: "Kept time", maxRetries: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ scheduledFor: waiting.scheduledFor, maxRetries: 5 });
    expect(changed.body.data.emailData).toEqual({ ...waiting.emailData, subject: "Kept time" });
    const audit = await db().auditLog.findMany({
      where: { orgId: org.org.id, action: "email.schedule_updated", metadata: { path: ["scheduledEmailId"], equals: waiting.id } },
    });
    expect(audit.map((a) => [a.outcome, a.metadata])).toEqual([
      ["updated", expect.objectContaining({ scheduledEmailId: waiting.id, subject: "Kept time", changed: ["subject", "maxRetries"] })],
    ]);

    const before = Date.now();
    const relative = await patch(key, waiting.id, { scheduledAt: "in 2 hours" });
    expect(Date.parse(relative.body.data.scheduledFor)).toBeGreaterThanOrEqual(before + 120 * MIN);
    expect(Date.parse(relative.body.data.scheduledFor)).toBeLessThanOrEqual(Date.now() + 120 * MIN);

    const once = { "idempotency-key": `move-${waiting.id}` };
    const first = await patch(key, waiting.id, { scheduledAt: "in 3 hours" }, once);
    expect(first.status).toBe(200);
    const again = await patch(key, waiting.id, { scheduledAt: "in 3 hours" }, once);
    expect(again.body.data).toEqual(first.body.data); // a retry does not move it again
    expect((await rowOf(waiting.id)).scheduledFor.toISOString()).toBe(first.body.data.scheduledFor);
    const other = await patch(key, waiting.id, { subject: "Another" }, once);
    expect([other.status, other.body.code]).toEqual([409, "IDEMPOTENCY_CONFLICT"]);
  });

  it("refuses a change whose result could not be sent or scheduled, and changes nothing", async () => {
    const waiting = (await schedule(key, { subject: "Stay", scheduledAt: inMs(60 * MIN) })).body.data;
    const snapshot = await rowOf(waiting.id);
    const cases: [unknown, string][] = [
      [{ subject: null }, "body.subject"],
      [{ text: null }, "body.html: give html, text or templateId"],
      [{ to: "not an address" }, "body.to"],
      [{ variables: { a: 1 } }, "body.templateId"],
      [{ tags: [{ name: "bad name!", value: "x" }] }, "body.tags"],
      [{ scheduledAt: inMs(-MIN) }, "body.scheduledAt: must be in the future"],
      [{ scheduledAt: "in 366 days" }, "body.scheduledAt: must be at most 365 days ahead"],
      [
        { scheduledAt: "in 10 seconds" },
        'body.scheduledAt: must be an ISO 8601 date and time with an offset (e.g. 2026-12-01T09:00:00+01:00) or a relative time "in N minutes|hours|days"',
      ],
      [{ scheduledAt: "2030-01-01T10:00:00" }, "body.scheduledAt"],
      [{}, "give at least one field to change"],
      [{ unknown: 1 }, "body"],
    ];
    for (const [body, message] of cases) {
      const res = await patch(key, waiting.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain(message);
    }
    await db().organization.update({ where: { id: org.org.id }, data: { sendMode: "test" } });
    const testMode = await patch(key, waiting.id, { to: "stranger@example.test" }).finally(() => productionMode(org.org.id));
    expect([testMode.status, testMode.body.code]).toEqual([403, "TEST_MODE_RECIPIENT"]);
    expect(
      await db().auditLog.count({ where: { orgId: org.org.id, action: "email.schedule_updated", outcome: "refused_test_mode" } }),
    ).toBe(1);
    expect(await rowOf(waiting.id)).toEqual(snapshot);
  });

  it("is refused (409) once sending began, or it was sent, failed or cancelled; nothing changes", async () => {
    const sent = (await schedule(key, { subject: "Gone", scheduledAt: inMs(300) })).body.data;
    const cancelled = (await schedule(key, { subject: "Called off", scheduledAt: inMs(60 * MIN) })).body.data;
    expect((await call(`/api/v1/email/scheduled/${cancelled.id}`, { key, method: "DELETE" })).body.data).toEqual({ cancelled: true });
    expect((await done(sent.id)).status).toBe("sent");

    const failing = await newOrg(); // its only provider refuses connections: the send fails, waits, retries, fails
    await productionMode(failing.org.id);
    await smtpProvider(failing.cookie, await deadPort());
    const failingKey = (await createKey(failing.cookie, ["email:send"])).key;
    const retrying = (await schedule(failingKey, { subject: "Retrying", scheduledAt: inMs(300), maxRetries: 1 })).body.data;
    const sending = await until(
      () => rowOf(retrying.id),
      (r) => r.status === "sending" && r.error !== null,
      { timeoutMs: 10_000 },
    );
    expect(sending.status).toBe("sending");
    const cases: [string, string][] = [
      [key, sent.id],
      [key, cancelled.id],
      [failingKey, retrying.id],
    ];
    for (const [k, id] of cases) {
      const before = await rowOf(id);
      const res = await patch(k, id, { subject: "Too late" });
      expect([res.status, res.body.code], id).toEqual([409, "CONFLICT"]);
      expect(await rowOf(id)).toEqual(before);
    }
    expect((await done(retrying.id)).status).toBe("failed");
    expect((await patch(failingKey, retrying.id, { subject: "Too late" })).status).toBe(409);
  }, 30_000);

  it("answers 404 for another organization's id or an unknown one; honours keys bound to a project and the scope", async () => {
    const waiting = (await schedule(key, { subject: "Mine", scheduledAt: inMs(60 * MIN) })).body.data;
    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["email:send"])).key;
    expect((await patch(strangerKey, waiting.id, { subject: "Theirs" })).status).toBe(404);
    expect((await patch(key, "6c1f5a3e-0000-4000-8000-000000000000", { subject: "x" })).status).toBe(404);
    expect((await patch(key, "not-an-id", { subject: "x" })).status).toBe(404);
    expect((await patch((await createKey(org.cookie, ["analytics:read"])).key, waiting.id, { subject: "x" })).status).toBe(403);

    const bound = (await createKey(org.cookie, ["email:send"], { projectId: org.project.id })).key;
    const own = (await schedule(bound, { subject: "Project's", scheduledAt: inMs(60 * MIN) })).body.data;
    expect((await patch(bound, own.id, { subject: "Project's, changed" })).status).toBe(200);
    expect((await patch(bound, waiting.id, { subject: "x" })).status).toBe(404); // not its project's
    const project = await call("/api/projects", { cookie: org.cookie, body: { name: "Elsewhere" } });
    const elsewhere = (await createKey(org.cookie, ["email:send"], { projectId: project.body.id })).key;
    expect((await patch(elsewhere, own.id, { subject: "x" })).status).toBe(404);
    expect((await patch(key, own.id, { subject: "By the organization's key" })).status).toBe(200);
    expect((await rowOf(waiting.id)).emailData).toMatchObject({ subject: "Mine" });
  });

  it("is the MCP tool update_scheduled_email too", async () => {
    const waiting = (await schedule(key, { subject: "Via MCP", scheduledAt: inMs(60 * MIN) })).body.data;
    const res = await fetch(`${inject("baseUrl")}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${key}` },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "update_scheduled_email", arguments: { id: waiting.id, subject: "Changed via MCP", scheduledAt: "in 2 days" } },
      }),
    });
    const text = await res.text();
    const message = JSON.parse(
      text.startsWith("{")
        ? text
        : text
            .split("\n")
            .find((l) => l.startsWith("data: "))!
            .slice(6),
    );
    expect(message.result.isError, text).toBeFalsy();
    expect(message.result.structuredContent.data).toMatchObject({ id: waiting.id, emailData: { subject: "Changed via MCP" } });
    expect((await rowOf(waiting.id)).scheduledFor.getTime()).toBeGreaterThan(Date.now() + 47 * 60 * MIN);
  });
});

describe("relative scheduledAt on POST /api/v1/email/send", () => {
  it("schedules 'in 10 minutes' from now; refuses other forms and the 365-day limit", async () => {
    const before = Date.now();
    const res = await schedule(key, { subject: "Relative", scheduledAt: "in 10 minutes" });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.data.scheduledFor)).toBeGreaterThanOrEqual(before + 10 * MIN);
    expect(Date.parse(res.body.data.scheduledFor)).toBeLessThanOrEqual(Date.now() + 10 * MIN);
    for (const [scheduledAt, message] of [
      ["in 10 seconds", '"in N minutes|hours|days"'],
      ["tomorrow", '"in N minutes|hours|days"'],
      ["in 366 days", "must be at most 365 days ahead"],
      ["in 0 minutes", "must be in the future"],
    ]) {
      const refused = await schedule(key, { subject: "Relative refused", scheduledAt });
      expect(refused.status, scheduledAt).toBe(400);
      expect(refused.body.error).toContain("body.scheduledAt: ");
      expect(refused.body.error).toContain(message);
    }
    expect(
      await db().scheduledEmail.count({ where: { orgId: org.org.id, emailData: { path: ["subject"], equals: "Relative refused" } } }),
    ).toBe(0);
  });
});
