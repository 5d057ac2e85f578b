// Scheduled sends (SPEC POST/GET/DELETE /api/email/schedule; DESIGN.md §4): validated, checked
// and audited when scheduled and again when sent; sent once at scheduledFor by whichever app
// instance claims it; cancellable until then, never both cancelled and sent; retried, then failed.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { deadPort, productionMode, smtpProvider } from "../helpers/sending";
import { db } from "@/lib/db/client";

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForStatus(id: string, statuses: string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db().scheduledEmail.findUniqueOrThrow({ where: { id } });
    if (statuses.includes(row.status) || Date.now() > deadline) return row;
    await sleep(100);
  }
}

describe("scheduling through the legacy routes", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
    await productionMode(org.org.id);
    key = (await createKey(org.cookie, ["email:send"])).key;
  });

  it("sends once at scheduledFor (within a second), honouring the time zone of the ISO string", async () => {
    const at = new Date(Date.now() + 2_000);
    const local = new Date(at.getTime() + 2 * 3_600_000).toISOString().replace("Z", "+02:00"); // the same instant, written at +02:00
    const res = await call("/api/email/schedule", {
      key,
      body: { to: "Reader <reader@example.test>", subject: "Later", text: "x", scheduledFor: local },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      emailData: expect.objectContaining({ to: ["Reader <reader@example.test>"], subject: "Later" }),
      scheduledFor: at.toISOString(),
      status: "scheduled",
      retryCount: 0,
      maxRetries: 3,
      result: null,
      error: null,
      createdAt: expect.any(String),
      sentAt: null,
    });
    expect(await db().message.count({ where: { orgId: org.org.id, subject: "Later" } })).toBe(0);
    const row = await waitForStatus(res.body.id, ["sent", "failed"]);
    expect(row.status).toBe("sent");
    expect(row.sentAt!.getTime() - at.getTime()).toBeGreaterThanOrEqual(0);
    expect(row.sentAt!.getTime() - at.getTime()).toBeLessThan(1_000);
    expect(row.result).toMatchObject({ id: row.messageId, status: "sent", provider: "demo" });
    const messages = await db().message.findMany({ where: { orgId: org.org.id, subject: "Later" } });
    expect(messages.map((m) => m.id)).toEqual([row.messageId]);
    const audit = await db().auditLog.findMany({
      where: { orgId: org.org.id, action: { in: ["email.schedule", "email.send"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(
      audit.filter((a) => a.metadata && (a.metadata as { subject?: string }).subject === "Later").map((a) => [a.action, a.outcome]),
    ).toEqual([
      ["email.schedule", "scheduled"],
      ["email.send", "sent"],
    ]);
  });

  it("sends a template's version as it was when scheduled: an edit meanwhile (say by a key that may only write templates) changes nothing", async () => {
    const t = await call("/api/v1/templates", {
      cookie: org.cookie,
      body: { name: `Pinned ${Date.now()}`, subject: "Approved subject", text: "Approved text" },
    });
    expect(t.status).toBe(201);
    const res = await call("/api/email/schedule", {
      key,
      body: { to: "reader@example.test", subject: "ignored", templateId: t.body.data.id, scheduledFor: inMs(2_000) },
    });
    expect(res.status).toBe(200);
    expect(res.body.emailData).toMatchObject({ templateId: t.body.data.id, templateVersion: 1 });
    const writer = (await createKey(org.cookie, ["templates:read", "templates:write"])).key;
    expect(
      (await call(`/api/v1/templates/${t.body.data.id}`, { key: writer, method: "PATCH", body: { subject: "Rewritten subject" } })).status,
    ).toBe(200);
    const row = await waitForStatus(res.body.id, ["sent", "failed"]);
    expect(row.status).toBe("sent");
    expect((await db().message.findUniqueOrThrow({ where: { id: row.messageId! } })).subject).toBe("Approved subject");
  });

  it("refuses times in the past, more than 365 days ahead, or without an offset, and every send-body error", async () => {
    const body = { to: "reader@example.test", subject: "Hi", text: "x" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, scheduledFor: inMs(-60_000) }, "must be in the future"],
      [{ ...body, scheduledFor: inMs(366 * 24 * 3_600_000) }, "365 days"],
      [{ ...body, scheduledFor: "2030-01-01T10:00:00" }, "offset"],
      [{ ...body, scheduledFor: "tomorrow" }, "scheduledFor"],
      [{ ...body }, "scheduledFor"],
      [{ ...body, to: "not an address", scheduledFor: inMs(60_000) }, "body.to"],
      [{ ...body, subject: undefined, scheduledFor: inMs(60_000) }, "body.subject"],
      [{ ...body, maxRetries: 11, scheduledFor: inMs(60_000) }, "body.maxRetries"],
      [{ ...body, scheduledFor: inMs(60_000), unknown: 1 }, "body"],
    ];
    for (const [b, message] of cases) {
      const res = await call("/api/email/schedule", { key, body: b });
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect(await db().scheduledEmail.count({ where: { orgId: org.org.id, emailData: { path: ["subject"], equals: "Hi" } } })).toBe(0);
  });

  it("cancels before the time ({cancelled: true}, nothing sent), not after ({cancelled: false}); unknown and others' ids are 404", async () => {
    const waiting = (
      await call("/api/email/schedule", {
        key,
        body: { to: "reader@example.test", subject: "Cancel me", text: "x", scheduledFor: inMs(1_500) },
      })
    ).body;
    const cancel = await call(`/api/email/schedule/${waiting.id}`, { key, method: "DELETE" });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ cancelled: true });
    expect((await call(`/api/email/schedule/${waiting.id}`, { key, method: "DELETE" })).body).toEqual({ cancelled: false });
    await sleep(2_500);
    expect((await db().scheduledEmail.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe("cancelled");
    expect(await db().message.count({ where: { orgId: org.org.id, subject: "Cancel me" } })).toBe(0);

    const sent = (
      await call("/api/email/schedule", {
        key,
        body: { to: "reader@example.test", subject: "Too late", text: "x", scheduledFor: inMs(500) },
      })
    ).body;
    expect((await waitForStatus(sent.id, ["sent"])).status).toBe("sent");
    expect((await call(`/api/email/schedule/${sent.id}`, { key, method: "DELETE" })).body).toEqual({ cancelled: false });

    expect((await call("/api/email/schedule/6c1f5a3e-0000-4000-8000-000000000000", { key, method: "DELETE" })).status).toBe(404);
    expect((await call("/api/email/schedule/not-an-id", { key, method: "DELETE" })).status).toBe(404);
    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["email:send"])).key;
    expect((await call(`/api/email/schedule/${waiting.id}`, { key: strangerKey, method: "DELETE" })).status).toBe(404);
  });

  it("a cancel racing the send never yields both cancelled and a sent email", async () => {
    const at = Date.now() + 1_500;
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      ids.push(
        (
          await call("/api/email/schedule", {
            key,
            body: { to: "reader@example.test", subject: `Race ${i}`, text: "x", scheduledFor: new Date(at).toISOString() },
          })
        ).body.id,
      );
    }
    await sleep(Math.max(0, at - Date.now() - 30));
    const answers = await Promise.all(
      ids.map((id, i) => sleep(i * 15).then(() => call(`/api/email/schedule/${id}`, { key, method: "DELETE" }))),
    );
    await sleep(2_000);
    for (const [i, id] of ids.entries()) {
      const row = await db().scheduledEmail.findUniqueOrThrow({ where: { id } });
      const sentCount = await db().message.count({ where: { orgId: org.org.id, subject: `Race ${i}` } });
      if (answers[i].body.cancelled) {
        expect(row.status).toBe("cancelled");
        expect(sentCount).toBe(0);
      } else {
        expect(row.status).toBe("sent");
        expect(sentCount).toBe(1);
      }
    }
  });

  it("lists newest first with totals (page, limit)", async () => {
    const other = await newOrg();
    await productionMode(other.org.id);
    const k = (await createKey(other.cookie, ["email:send"])).key;
    for (const subject of ["one", "two", "three"])
      await call("/api/email/schedule", { key: k, body: { to: "r@example.test", subject, text: "x", scheduledFor: inMs(3_600_000) } });
    const page = await call("/api/email/schedule?page=1&limit=2", { key: k });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.body.data.map((s: { emailData: { subject: string } }) => s.emailData.subject)).toEqual(["three", "two"]);
    expect((await call("/api/email/schedule?page=2&limit=2", { key: k })).body.data).toHaveLength(1);
    expect((await call("/api/email/schedule", { key: k })).body.limit).toBe(25);
    expect((await call("/api/email/schedule?limit=0", { key: k })).status).toBe(400);
    expect((await call("/api/email/schedule?perPage=2", { key: k })).status).toBe(400);
    expect((await call("/api/email/schedule", { key: (await createKey(other.cookie, ["org:read"])).key })).status).toBe(403);
  });
});

describe("safety, quota and retries", () => {
  it("applies test mode when scheduling, and again when sending (a switch to test mode before the time blocks it)", async () => {
    const org = await newOrg(); // test mode
    const key = (await createKey(org.cookie, ["email:send"])).key;
    const refused = await call("/api/email/schedule", {
      key,
      body: { to: "stranger@example.test", subject: "Nope", text: "x", scheduledFor: inMs(60_000) },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("TEST_MODE_RECIPIENT");
    expect(await db().scheduledEmail.count({ where: { orgId: org.org.id } })).toBe(0);
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "email.schedule", outcome: "refused_test_mode" } })).toBe(1);

    await productionMode(org.org.id);
    const scheduled = (
      await call("/api/email/schedule", {
        key,
        body: { to: "stranger@example.test", subject: "Blocked later", text: "x", scheduledFor: inMs(1_500) },
      })
    ).body;
    await db().organization.update({ where: { id: org.org.id }, data: { sendMode: "test" } });
    const row = await waitForStatus(scheduled.id, ["sent", "failed"]);
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("not on a test list"), messageId: null, retryCount: 0 });
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });

  it("applies the allowance when scheduling", async () => {
    const org = await newOrg();
    await productionMode(org.org.id, 0);
    const key = (await createKey(org.cookie, ["email:send"])).key;
    const res = await call("/api/email/schedule", {
      key,
      body: { to: "r@example.test", subject: "Over", text: "x", scheduledFor: inMs(60_000) },
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("QUOTA_EXCEEDED");
  });

  it("retries a failing send with backoff up to maxRetries, then fails with the error", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    await smtpProvider(org.cookie, await deadPort());
    const key = (await createKey(org.cookie, ["email:send"])).key;
    const res = await call("/api/email/schedule", {
      key,
      body: { to: "r@example.test", subject: "Doomed", text: "x", scheduledFor: inMs(300), maxRetries: 1 },
    });
    expect(res.body.maxRetries).toBe(1);
    const first = await waitForStatus(res.body.id, ["failed"], 1_500).catch(() => null);
    expect(first?.status).not.toBe("failed"); // still retrying after the first failure
    const row = await waitForStatus(res.body.id, ["failed", "sent"], 15_000);
    expect(row).toMatchObject({ status: "failed", retryCount: 1, error: expect.stringContaining("Every provider failed"), sentAt: null });
    const attempts = await db().message.findMany({ where: { orgId: org.org.id, subject: "Doomed" } });
    expect(attempts.map((m) => m.status)).toEqual(["failed", "failed"]);
  }, 30_000);
});

describe("access ending before the time", () => {
  it("does not send what a key revoked since scheduled", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const created = await createKey(org.cookie, ["email:send"]);
    const scheduled = (
      await call("/api/email/schedule", {
        key: created.key,
        body: { to: "r@example.test", subject: "Revoked", text: "x", scheduledFor: inMs(1_500) },
      })
    ).body;
    expect((await call(`/api/api-keys/${created.id}`, { cookie: org.cookie, method: "DELETE" })).status).toBe(200);
    const row = await waitForStatus(scheduled.id, ["sent", "failed"]);
    expect(row).toMatchObject({ status: "failed", error: expect.stringContaining("no longer has access") });
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
  });
});

describe("two app instances", () => {
  it("send each due email exactly once", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const key = (await createKey(org.cookie, ["email:send"])).key;
    const at = inMs(1_500);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("/api/email/schedule", { key, body: { to: "r@example.test", subject: `Once ${i}`, text: "x", scheduledFor: at } }).then(
          (r) => r.body.id as string,
        ),
      ),
    );
    for (const id of ids) expect((await waitForStatus(id, ["sent", "failed"])).status).toBe("sent");
    const messages = await db().message.findMany({ where: { orgId: org.org.id } });
    expect(messages).toHaveLength(20);
    expect(new Set(messages.map((m) => m.subject)).size).toBe(20);
  });
});

describe("v1 routes", () => {
  it("schedules with scheduledAt on /api/v1/email/send, lists, reads and cancels in the envelope", async () => {
    const org = await newOrg();
    await productionMode(org.org.id);
    const key = (await createKey(org.cookie, ["email:send"])).key;
    const res = await call("/api/v1/email/send", {
      key,
      body: { to: "r@example.test", subject: "v1 later", text: "x", scheduledAt: inMs(3_600_000) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: expect.any(String), status: "scheduled", retryCount: 0, maxRetries: 3 });
    expect(res.body.requestId).toMatch(/^req_/);
    const list = await call("/api/v1/email/scheduled?perPage=10", { key });
    expect(list.body.pagination).toEqual({ page: 1, perPage: 10, total: 1 });
    expect(list.body.data[0].id).toBe(res.body.data.id);
    expect((await call(`/api/v1/email/scheduled/${res.body.data.id}`, { key })).body.data.emailData.subject).toBe("v1 later");
    expect((await call(`/api/v1/email/scheduled/${res.body.data.id}`, { key, method: "DELETE" })).body.data).toEqual({ cancelled: true });
    expect((await call(`/api/v1/email/scheduled/${res.body.data.id}`, { key })).body.data.status).toBe("cancelled");
    const past = await call("/api/v1/email/send", {
      key,
      body: { to: "r@example.test", subject: "x", text: "x", scheduledAt: inMs(-1_000) },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain("body.scheduledAt");
    expect((await call("/api/v1/email/send", { key, body: { to: "r@example.test", subject: "x", text: "x", maxRetries: 2 } })).status).toBe(
      400,
    );
    expect((await call("/api/v1/email/scheduled", { key: (await createKey(org.cookie, ["org:read"])).key })).status).toBe(403);
    expect(
      (await call(`/api/v1/email/scheduled/${res.body.data.id}`, { key: (await createKey((await newOrg()).cookie, ["email:send"])).key }))
        .status,
    ).toBe(404);
  });
});
