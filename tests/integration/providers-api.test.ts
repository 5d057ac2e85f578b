// SPEC's provider routes (dashboard-only) and GET /api/v1/providers.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

let owner: Awaited<ReturnType<typeof newOrg>>;

beforeAll(async () => {
  owner = await newOrg();
});

const demo = (extra: Record<string, unknown> = {}) => ({ name: `Demo ${Math.random().toString(36).slice(2, 7)}`, type: "demo", ...extra });

async function create(cookie: string, body: Record<string, unknown>) {
  return call("/api/providers", { cookie, body });
}

describe("provider routes", () => {
  it("create answers 201 with the provider; list adds capability metadata", async () => {
    const res = await create(owner.cookie, demo({ priority: 5, rateLimitPerMinute: 100 }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      type: "demo",
      config: {},
      isActive: true,
      priority: 5,
      rateLimitPerMinute: 100,
      rateLimitPerHour: null,
      rateLimitPerDay: null,
      isHealthy: true,
      lastHealthCheck: null,
      usageMinute: 0,
      usageHour: 0,
      usageDay: 0,
      accountSource: "byo",
      status: "active",
      createdAt: expect.any(String),
    });
    const list = await call("/api/providers", { cookie: owner.cookie });
    expect(Array.isArray(list.body)).toBe(true);
    const listed = list.body.find((p: { id: string }) => p.id === res.body.id);
    expect(listed.capabilities).toEqual({
      attachments: true,
      customHeaders: true,
      scheduling: true,
      tracking: true,
      inbound: false,
      batch: true,
      maxMessageBytes: expect.any(Number),
    });
    expect(listed.label).toMatch(/Demo/);
    await call(`/api/providers/${res.body.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("get, partial update (only supplied fields change), status, delete", async () => {
    const { body: p } = await create(owner.cookie, demo({ priority: 7, rateLimitPerHour: 50 }));
    expect((await call(`/api/providers/${p.id}`, { cookie: owner.cookie })).body.name).toBe(p.name);
    const put = await call(`/api/providers/${p.id}`, { method: "PUT", cookie: owner.cookie, body: { priority: 1 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ priority: 1, name: p.name, rateLimitPerHour: 50, isActive: true });
    const off = await call(`/api/providers/${p.id}`, {
      method: "PUT",
      cookie: owner.cookie,
      body: { isActive: false, rateLimitPerHour: null },
    });
    expect(off.body).toMatchObject({ isActive: false, rateLimitPerHour: null, priority: 1 });
    const status = await call(`/api/providers/${p.id}/status`, { cookie: owner.cookie });
    expect(status.body).toEqual({
      id: p.id,
      name: p.name,
      isHealthy: true,
      lastHealthCheck: null,
      usageMinute: 0,
      usageHour: 0,
      usageDay: 0,
      rateLimitPerMinute: null,
      rateLimitPerHour: null,
      rateLimitPerDay: null,
    });
    expect((await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie })).body).toEqual({ removed: true });
    expect((await call(`/api/providers/${p.id}`, { cookie: owner.cookie })).status).toBe(404);
    // SPEC: 200 {removed: boolean}. Removed already: {removed: false}, not a 404, and no second audit entry.
    const again = await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie });
    expect([again.status, again.body]).toEqual([200, { removed: false }]);
    const actions = (await db().auditLog.findMany({ where: { targetId: p.id }, orderBy: { createdAt: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(["provider.created", "provider.updated", "provider.updated", "provider.deleted"]);
  });

  it("test performs the connection check, reports latency and records health", async () => {
    const { body: p } = await create(owner.cookie, demo());
    const res = await call(`/api/providers/${p.id}/test`, { method: "POST", cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, latencyMs: expect.any(Number), message: expect.any(String) });
    const after = await call(`/api/providers/${p.id}/status`, { cookie: owner.cookie });
    expect(after.body.lastHealthCheck).not.toBeNull();
    await call(`/api/providers/${p.id}`, { method: "DELETE", cookie: owner.cookie });
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const before = (await call("/api/providers", { cookie: owner.cookie })).body.length;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: "x", type: "carrier-pigeon" }, /unknown provider type/],
      [{ type: "demo" }, /body\.name/],
      [demo({ config: { unexpected: 1 } }), /body\.config/],
      [demo({ priority: -1 }), /body\.priority/],
      [demo({ rateLimitPerMinute: 0 }), /body\.rateLimitPerMinute/],
      [demo({ rateLimitPerDay: 1.5 }), /body\.rateLimitPerDay/],
      [demo({ isActive: "yes" }), /body\.isActive/],
      [demo({ accountSource: "managed" }), /accountSource/],
    ];
    for (const [body, message] of cases) {
      const res = await create(owner.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await call("/api/providers/not-a-uuid", { cookie: owner.cookie })).status).toBe(400);
    expect((await call("/api/providers", { cookie: owner.cookie })).body.length).toBe(before);
  });

  it("answers 404 for another organization's provider (DELETE: {removed: false}, as for an unknown id) and leaves it alone", async () => {
    const other = await newOrg();
    const { body: theirs } = await create(other.cookie, demo());
    for (const [path, method] of [
      ["", "GET"],
      ["", "PUT"],
      ["/status", "GET"],
      ["/test", "POST"],
    ] as const) {
      const res = await call(`/api/providers/${theirs.id}${path}`, {
        method,
        cookie: owner.cookie,
        body: method === "PUT" ? { priority: 0 } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const removal = await call(`/api/providers/${theirs.id}`, { method: "DELETE", cookie: owner.cookie });
    const unknown = await call("/api/providers/6c1f5a3e-0000-4000-8000-000000000000", { method: "DELETE", cookie: owner.cookie });
    expect([removal.status, removal.body]).toEqual([200, { removed: false }]);
    expect([unknown.status, unknown.body]).toEqual([200, { removed: false }]);
    expect((await call(`/api/providers/${theirs.id}`, { cookie: other.cookie })).body.priority).toBe(100);
  });

  it("enforces the plan's provider quota with 403, even under concurrent creates", async () => {
    const org = await newOrg(); // free plan: 2 providers
    const results = await Promise.all([1, 2, 3, 4].map(() => create(org.cookie, demo())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    const refused = results.find((r) => r.status === 403)!;
    expect(refused.body).toEqual({ error: expect.stringContaining("plan allows 2 providers"), code: "PLAN_LIMIT_REACHED" });
  });

  it("is dashboard-only: a key gets 403 SESSION_ONLY; a viewer may read but not change", async () => {
    const { key } = await createKey(owner.cookie, ["*"]);
    for (const [path, method] of [
      ["/api/providers", "GET"],
      ["/api/providers", "POST"],
    ] as const) {
      const res = await call(path, { key, method, body: method === "POST" ? demo() : undefined });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SESSION_ONLY");
    }
    const viewer = await addMemberAs(owner.cookie, "viewer");
    expect((await call("/api/providers", { cookie: viewer.cookie })).status).toBe(200);
    const refused = await create(viewer.cookie, demo());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PERMISSION_DENIED");
  });
});

describe("GET /api/v1/providers", () => {
  it("lists providers read-only for a key with providers:read", async () => {
    const org = await newOrg();
    const { body: p } = await create(org.cookie, demo());
    const { key } = await createKey(org.cookie, ["providers:read"]);
    const res = await call("/api/v1/providers", { key });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(res.body.data[0]).toHaveProperty("capabilities");
    const denied = await call("/api/v1/providers", { key: (await createKey(org.cookie, ["org:read"])).key });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("SCOPE_DENIED");
  });
});
