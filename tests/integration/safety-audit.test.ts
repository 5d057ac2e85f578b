// SPEC's safety routes and GET /api/audit, every parameter.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

describe("send mode", () => {
  it("starts in test; only admins enable production; anyone with safety.configure goes back", async () => {
    const org = await newOrg();
    expect((await call("/api/safety/mode", { cookie: org.cookie })).body).toEqual({
      mode: "test",
      require2faThreshold: 100,
      testListMaxSize: 25,
    });
    const member = await addMemberAs(org.cookie, "member");
    const refused = await call("/api/safety/mode", { method: "PUT", cookie: member.cookie, body: { mode: "production" } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(/Only admins can enable production/);
    const admin = await addMemberAs(org.cookie, "admin");
    const on = await call("/api/safety/mode", { method: "PUT", cookie: admin.cookie, body: { mode: "production" } });
    expect(on.status).toBe(200);
    expect(on.body.mode).toBe("production");
    expect((await call("/api/safety/mode", { method: "PUT", cookie: member.cookie, body: { mode: "test" } })).status).toBe(403);
    expect((await call("/api/safety/mode", { method: "PUT", cookie: org.cookie, body: { mode: "test" } })).body.mode).toBe("test");
    const switches = await db().auditLog.findMany({
      where: { orgId: org.org.id, action: "safety.mode_changed" },
      orderBy: { createdAt: "asc" },
    });
    expect(switches.map((s) => s.sendMode)).toEqual(["production", "test"]);
    expect(switches.every((s) => s.projectId === null)).toBe(true);
  });

  it("answers 400 for an invalid mode or a malformed body, 401 without a session, 403 SESSION_ONLY for keys", async () => {
    const org = await newOrg();
    expect((await call("/api/safety/mode", { method: "PUT", cookie: org.cookie, body: { mode: "live" } })).status).toBe(400);
    expect((await call("/api/safety/mode", { method: "PUT", cookie: org.cookie, body: {} })).status).toBe(400);
    expect(
      (await call("/api/safety/mode", { method: "PUT", cookie: org.cookie, raw: "{", headers: { "content-type": "application/json" } }))
        .status,
    ).toBe(400);
    expect((await call("/api/safety/mode")).status).toBe(401);
    const { key } = await createKey(org.cookie, ["*"]);
    const res = await call("/api/safety/mode", { method: "PUT", key, body: { mode: "production" } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("SESSION_ONLY");
    expect((await call("/api/safety/mode", { cookie: org.cookie })).body.mode).toBe("test");
  });
});

describe("test lists", () => {
  it("create (201 {list}), list ({lists}), delete ({deleted}); validation and permissions", async () => {
    const org = await newOrg();
    const created = await call("/api/safety/test-lists", {
      cookie: org.cookie,
      body: { name: "QA", emails: ["QA@Example.test", "qa@example.test", "b@example.test"] },
    });
    expect(created.status).toBe(201);
    expect(created.body.list).toMatchObject({ name: "QA", emails: ["qa@example.test", "b@example.test"] });
    expect((await call("/api/safety/test-lists", { cookie: org.cookie })).body.lists).toHaveLength(1);
    expect((await call("/api/safety/test-lists", { cookie: org.cookie, body: { emails: [] } })).status).toBe(400);
    expect((await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "" } })).status).toBe(400);
    expect((await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "x", emails: ["nope"] } })).status).toBe(400);
    const tooMany = await call("/api/safety/test-lists", {
      cookie: org.cookie,
      body: { name: "big", emails: Array.from({ length: 26 }, (_, i) => `u${i}@example.test`) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/at most 25/);
    expect((await call("/api/safety/test-lists", { method: "DELETE", cookie: org.cookie })).status).toBe(400);
    const member = await addMemberAs(org.cookie, "member");
    expect((await call("/api/safety/test-lists", { cookie: member.cookie })).status).toBe(403);
    // Another organization's list is not theirs to delete, and its existence is not told: as an unknown id.
    const other = await newOrg();
    const foreign = await call(`/api/safety/test-lists?id=${created.body.list.id}`, { method: "DELETE", cookie: other.cookie });
    expect([foreign.status, foreign.body]).toEqual([200, { deleted: false }]);
    const del = await call(`/api/safety/test-lists?id=${created.body.list.id}`, { method: "DELETE", cookie: org.cookie });
    expect([del.status, del.body]).toEqual([200, { deleted: true }]);
    expect((await call("/api/safety/test-lists", { cookie: org.cookie })).body.lists).toHaveLength(0);
    // SPEC: 200 {deleted: boolean}. Deleted already, or never there: {deleted: false}, audited once.
    const again = await call(`/api/safety/test-lists?id=${created.body.list.id}`, { method: "DELETE", cookie: org.cookie });
    expect([again.status, again.body]).toEqual([200, { deleted: false }]);
    const never = await call("/api/safety/test-lists?id=6c1f5a3e-0000-4000-8000-000000000000", { method: "DELETE", cookie: org.cookie });
    expect([never.status, never.body]).toEqual([200, { deleted: false }]);
    expect(await db().auditLog.count({ where: { targetId: created.body.list.id, action: "safety.test_list_deleted" } })).toBe(1);
  });
});

describe("GET /api/audit", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let projectB: string;
  beforeAll(async () => {
    org = await newOrg();
    projectB = (await call("/api/projects", { cookie: org.cookie, body: { name: "B" } })).body.id;
    const base = { orgId: org.org.id, actorType: "user", actorId: org.user.id, action: "email.send", outcome: "sent" };
    const at = (iso: string) => new Date(iso);
    await db().auditLog.createMany({
      data: [
        { ...base, projectId: org.project.id, sendMode: "test", createdAt: at("2026-01-01T10:00:00Z") },
        { ...base, projectId: org.project.id, sendMode: "production", createdAt: at("2026-01-02T10:00:00Z") },
        { ...base, projectId: org.project.id, sendMode: "production", createdAt: at("2026-01-03T10:00:00Z") },
        { ...base, projectId: projectB, sendMode: "production", createdAt: at("2026-01-02T12:00:00Z") },
        { ...base, projectId: null, action: "safety.mode_changed", sendMode: "production", createdAt: at("2026-01-02T11:00:00Z") },
      ],
    });
  });
  const audit = (q: string) => call(`/api/audit?projectId=${org.project.id}&startDate=2025-12-31T00:00:00Z${q}`, { cookie: org.cookie });

  it("returns the project's entries plus account-level ones, newest first", async () => {
    const res = await audit("&endDate=2026-02-01T00:00:00Z");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, limit: 25, offset: 0 });
    expect(res.body.entries.map((e: { createdAt: string }) => e.createdAt)).toEqual([
      "2026-01-03T10:00:00.000Z",
      "2026-01-02T11:00:00.000Z",
      "2026-01-02T10:00:00.000Z",
      "2026-01-01T10:00:00.000Z",
    ]);
    expect(res.body.entries[1].projectId).toBeNull();
  });

  it("filters by sendMode, startDate and endDate, and pages with limit and offset", async () => {
    expect((await audit("&endDate=2026-02-01T00:00:00Z&sendMode=test")).body.total).toBe(1);
    expect((await audit("&endDate=2026-01-02T10:30:00Z")).body.total).toBe(2);
    expect(
      (
        await call(`/api/audit?projectId=${org.project.id}&startDate=2026-01-02T10:30:00Z&endDate=2026-02-01T00:00:00Z`, {
          cookie: org.cookie,
        })
      ).body.total,
    ).toBe(2);
    const page = await audit("&endDate=2026-02-01T00:00:00Z&limit=2&offset=1");
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.entries.map((e: { createdAt: string }) => e.createdAt)).toEqual([
      "2026-01-02T11:00:00.000Z",
      "2026-01-02T10:00:00.000Z",
    ]);
  });

  it("answers 400 for a missing projectId, a bad date, or a limit outside 1..100", async () => {
    for (const q of [
      "",
      `?projectId=${org.project.id}&startDate=yesterday`,
      `?projectId=${org.project.id}&endDate=2026-13-01`,
      `?projectId=${org.project.id}&limit=0`,
      `?projectId=${org.project.id}&limit=101`,
      `?projectId=${org.project.id}&offset=-1`,
      `?projectId=${org.project.id}&sendMode=live`,
      "?projectId=nope",
      `?projectId=${org.project.id}&startDate=2026-02-01T00:00:00Z&endDate=2026-01-01T00:00:00Z`,
    ]) {
      expect((await call(`/api/audit${q}`, { cookie: org.cookie })).status, q).toBe(400);
    }
  });

  it("answers 404 PROJECT_NOT_FOUND for a project the caller cannot open, 403 for a key, and needs analytics.view", async () => {
    const other = await newOrg();
    const res = await call(`/api/audit?projectId=${org.project.id}`, { cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Project not found", code: "PROJECT_NOT_FOUND" });
    const { key } = await createKey(org.cookie, ["*"]);
    expect((await call(`/api/audit?projectId=${org.project.id}`, { key })).body.code).toBe("SESSION_ONLY");
    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(`/api/audit?projectId=${org.project.id}`, { cookie: viewer.cookie })).status).toBe(200);
  });
});
