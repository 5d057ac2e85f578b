// The internal staff API (docs/staff-api.md) over real HTTP: only the staff token opens it
// (no token, a wrong one, a session or a customer key: 401 and nothing changes, nothing is
// audited); with the token every route works and leaves one account-level audit entry; and
// its changes take effect where they matter (sending, key rate limits, provider use).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, type CallOptions } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { newSink, productionMode, SINK_PASSWORD, SINK_USER, smtpProvider } from "../helpers/sending";
import { ownServer } from "../helpers/own-server";
import type { SmtpSink } from "../helpers/smtp-sink";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { fullConfig } from "@/lib/providers/provider-config";

const TOKEN = inject("serverEnv").STAFF_API_TOKEN;
const staff = (path: string, opts: CallOptions = {}) => call(path, { key: TOKEN, ...opts });
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

const sinks: SmtpSink[] = [];
afterAll(async () => Promise.all(sinks.map((s) => s.close())));
async function sink() {
  const s = await newSink();
  sinks.push(s);
  return s;
}

const smtpConfig = (s: { port: number }) => ({
  host: "127.0.0.1",
  port: s.port,
  secure: false,
  username: SINK_USER,
  password: SINK_PASSWORD,
});
const managedBody = (s: { port: number }, extra: Record<string, unknown> = {}) => ({
  name: `Managed ${randomBytes(3).toString("hex")}`,
  type: "smtp",
  config: smtpConfig(s),
  ...extra,
});

async function createManaged(orgId: string, s: { port: number }, extra: Record<string, unknown> = {}) {
  const res = await staff(`/api/internal/organizations/${orgId}/providers`, { body: managedBody(s, extra) });
  if (res.status !== 201) throw new Error(`managed provider create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; name: string; status: string };
}

const moveTo = (providerId: string, status: string) => staff(`/api/internal/providers/${providerId}/status`, { body: { status } });
const staffEntries = (where: Record<string, unknown> = {}) =>
  db().auditLog.findMany({ where: { actorType: "staff", ...where }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

let owner: Awaited<ReturnType<typeof newOrg>>;
let customerKey: Awaited<ReturnType<typeof createKey>>;
let targetKey: Awaited<ReturnType<typeof createKey>>;
let managed: { id: string; name: string };
let managedSink: SmtpSink;

beforeAll(async () => {
  owner = await newOrg();
  customerKey = await createKey(owner.cookie, ["*"]);
  targetKey = await createKey(owner.cookie, ["org:read"]);
  managedSink = await sink();
  managed = await createManaged(owner.org.id, managedSink);
});

interface StaffCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  action: string;
}

// Every staff route, with a valid request for the fixtures above.
const ROUTES: StaffCall[] = [
  {
    name: "GET /organizations/:id",
    method: "GET",
    path: () => `/api/internal/organizations/${owner.org.id}`,
    action: "staff.organization_viewed",
  },
  {
    name: "GET /organizations?email=",
    method: "GET",
    path: () => `/api/internal/organizations?email=${encodeURIComponent(owner.email)}`,
    action: "staff.organization_viewed",
  },
  {
    name: "PATCH /organizations/:id",
    method: "PATCH",
    path: () => `/api/internal/organizations/${owner.org.id}`,
    body: () => ({ plan: "starter", monthlySendAllowance: 5 }),
    action: "staff.plan_changed",
  },
  {
    name: "PUT /api-keys/:id/rate-limit",
    method: "PUT",
    path: () => `/api/internal/api-keys/${targetKey.id}/rate-limit`,
    body: () => ({ rateLimitPerMinute: 7 }),
    action: "staff.key_rate_limit_set",
  },
  {
    name: "POST /organizations/:id/providers",
    method: "POST",
    path: () => `/api/internal/organizations/${owner.org.id}/providers`,
    body: () => managedBody(managedSink),
    action: "staff.provider_created",
  },
  {
    name: "POST /providers/:id/status",
    method: "POST",
    path: () => `/api/internal/providers/${managed.id}/status`,
    body: () => ({ status: "active" }),
    action: "staff.provider_status_changed",
  },
];

/** Everything a staff route could change for the fixture organization. */
async function snapshot() {
  const orgId = owner.org.id;
  return {
    org: await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { plan: true, monthlySendAllowance: true } }),
    key: (await db().apiKey.findUniqueOrThrow({ where: { id: targetKey.id } })).rateLimitPerMinute,
    providers: await db().provider.findMany({
      where: { orgId },
      select: { id: true, status: true, accountSource: true, config: true },
      orderBy: { id: "asc" },
    }),
    audit: await db().auditLog.count({ where: { orgId } }),
    staffAudit: await db().auditLog.count({ where: { actorType: "staff" } }),
  };
}

const CREDENTIALS: { name: string; opts: () => CallOptions }[] = [
  { name: "no credential", opts: () => ({}) },
  { name: "a wrong token", opts: () => ({ key: randomBytes(24).toString("hex") }) },
  { name: "the token with one character changed", opts: () => ({ key: TOKEN.slice(0, -1) + (TOKEN.endsWith("a") ? "b" : "a") }) },
  { name: "an owner's session cookie", opts: () => ({ cookie: owner.cookie }) },
  { name: "a customer API key with every scope", opts: () => ({ key: customerKey.key }) },
  { name: "the token in another scheme", opts: () => ({ headers: { authorization: `Basic ${TOKEN}` } }) },
];

describe("staff API authentication", () => {
  for (const route of ROUTES) {
    for (const credential of CREDENTIALS) {
      it(`${route.name} refuses ${credential.name}: 401, nothing changed, nothing audited`, async () => {
        const before = await snapshot();
        const res = await call(route.path(), { method: route.method, body: route.body?.(), ...credential.opts() });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: expect.stringContaining("staff API token"),
          code: "UNAUTHORIZED",
          requestId: expect.stringMatching(/^req_/),
        });
        expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it("with the token every route works and writes one account-level staff entry for the organization", async () => {
    for (const route of ROUTES) {
      const before = await staffEntries({ orgId: owner.org.id });
      const res = await staff(route.path(), { method: route.method, body: route.body?.() });
      expect(res.status, route.name).toBeLessThan(300);
      expect(res.body).toEqual({ data: expect.anything(), requestId: expect.stringMatching(/^req_/) });
      expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
      const added = (await staffEntries({ orgId: owner.org.id })).slice(before.length);
      expect(added, route.name).toHaveLength(1);
      expect(added[0]).toMatchObject({
        orgId: owner.org.id,
        projectId: null,
        actorType: "staff",
        action: route.action,
        outcome: "success",
      });
      expect(added[0].metadata).toMatchObject({ requestId: res.body.requestId });
      expect(JSON.stringify(added[0])).not.toContain(TOKEN);
    }
  });

  it("shows the staff entries to the organization in its own audit log (GET /api/audit), as account-level", async () => {
    const res = await call(`/api/audit?projectId=${owner.project.id}&limit=100`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    const ours = (res.body.entries as { actorType: string; action: string; projectId: string | null }[]).filter(
      (e) => e.actorType === "staff",
    );
    expect(new Set(ours.map((e) => e.action))).toEqual(new Set(ROUTES.map((r) => r.action)));
    expect(ours.every((e) => e.projectId === null)).toBe(true);
  });

  it("answers 404 on every route when STAFF_API_TOKEN is unset (the staff API is off)", async () => {
    const own = await ownServer({ env: { STAFF_API_TOKEN: "" }, scopes: ["org:read"] });
    try {
      for (const route of ROUTES) {
        const res = await call(route.path(), { base: own.server.url, method: route.method, body: route.body?.(), key: TOKEN });
        expect(res.status, route.name).toBe(404);
        expect(res.body).toMatchObject({ code: "NOT_FOUND" });
      }
      const { rows } = await own.sql.query(`SELECT count(*)::int AS n FROM audit_logs WHERE actor_type = 'staff'`);
      expect(rows[0].n).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe("looking up an organization", () => {
  it("by id: plan, allowance, usage, members, projects, providers and keys, never a secret", async () => {
    const s = await sink();
    const o = await newOrg();
    const byo = await smtpProvider(o.cookie, s);
    const key = await createKey(o.cookie, ["email:send"]);
    await db().apiKey.update({ where: { id: key.id }, data: { rateLimitPerMinute: 90 } });
    const res = await staff(`/api/internal/organizations/${o.org.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: o.org.id,
      name: o.org.name,
      plan: "free",
      monthlySendAllowance: null,
      planMonthlySendAllowance: 1000,
      effectiveMonthlySendAllowance: 1000,
      sendsThisMonth: 0,
      allowanceResetsAt: expect.any(String),
      sendMode: "test",
      projectCount: 1,
      members: [{ userId: o.user.id, email: o.email, name: expect.any(String), role: "owner" }],
      providers: [
        {
          id: byo.id,
          name: byo.name,
          type: "smtp",
          accountSource: "byo",
          status: "active",
          isActive: true,
          priority: 100,
          createdAt: expect.any(String),
        },
      ],
      apiKeys: [
        {
          id: key.id,
          name: expect.any(String),
          prefix: key.prefix,
          projectId: null,
          scopes: ["email:send"],
          rateLimitPerMinute: 90,
          effectiveRateLimitPerMinute: 90,
          revoked: false,
          revokedAt: null,
          lastUsedAt: null,
          createdAt: expect.any(String),
        },
      ],
      createdAt: expect.any(String),
    });
    const text = JSON.stringify(res.body);
    for (const secret of [key.key, sha256Hex(key.key), SINK_PASSWORD, "secretsSealed", "passwordHash", "hash"])
      expect(text).not.toContain(secret);
  });

  it("by a member's email (any case): the organizations they belong to; an unknown address finds none", async () => {
    const res = await staff(`/api/internal/organizations?email=${encodeURIComponent(owner.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual([owner.org.id]);
    expect(res.body.data[0].members).toContainEqual(expect.objectContaining({ email: owner.email, role: "owner" }));
    const before = (await staffEntries()).length;
    const none = await staff(`/api/internal/organizations?email=${encodeURIComponent("nobody-here@example.test")}`);
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(await staffEntries()).toHaveLength(before);
  });

  it("refuses a missing or malformed email, and unknown query parameters, with 400 VALIDATION_ERROR", async () => {
    for (const path of [
      "/api/internal/organizations",
      "/api/internal/organizations?email=not-an-address",
      `/api/internal/organizations?email=${encodeURIComponent(owner.email)}&x=1`,
    ]) {
      const res = await staff(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringContaining("query"),
        code: "VALIDATION_ERROR",
        requestId: expect.stringMatching(/^req_/),
      });
    }
  });
});

describe("unknown and malformed ids", () => {
  const cases = (id: string) => [
    { path: `/api/internal/organizations/${id}`, method: "GET", what: "Organization" },
    { path: `/api/internal/organizations/${id}`, method: "PATCH", body: { plan: "starter" }, what: "Organization" },
    { path: `/api/internal/organizations/${id}/providers`, method: "POST", body: managedBody({ port: 2525 }), what: "Organization" },
    { path: `/api/internal/api-keys/${id}/rate-limit`, method: "PUT", body: { rateLimitPerMinute: 5 }, what: "API key" },
    { path: `/api/internal/providers/${id}/status`, method: "POST", body: { status: "active" }, what: "Provider" },
  ];

  it("answer 404 NOT_FOUND and audit nothing", async () => {
    const before = (await staffEntries()).length;
    for (const id of [UNKNOWN_ID, "not-a-uuid", "1"]) {
      for (const c of cases(id)) {
        const res = await staff(c.path, { method: c.method, body: c.body });
        expect(res.status, `${c.method} ${c.path}`).toBe(404);
        expect(res.body).toEqual({ error: `${c.what} not found`, code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
      }
    }
    expect(await staffEntries()).toHaveLength(before);
  });
});

describe("plan and monthly allowance", () => {
  it("the allowance staff set governs the next sends; null goes back to the plan's", async () => {
    const o = await newOrg();
    await productionMode(o.org.id); // sets an allowance of 100,000 of its own
    const { key } = await createKey(o.cookie, ["email:send"]);
    const send = () => call("/api/v1/email/send", { key, body: { to: "r@example.test", subject: "Hi", text: "x" } });

    const one = await staff(`/api/internal/organizations/${o.org.id}`, { method: "PATCH", body: { monthlySendAllowance: 1 } });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ plan: "free", monthlySendAllowance: 1, effectiveMonthlySendAllowance: 1 });
    expect((await send()).status).toBe(200);
    const over = await send();
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("QUOTA_EXCEEDED");

    const back = await staff(`/api/internal/organizations/${o.org.id}`, {
      method: "PATCH",
      body: { plan: "starter", monthlySendAllowance: null },
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      plan: "starter",
      monthlySendAllowance: null,
      planMonthlySendAllowance: 25_000,
      effectiveMonthlySendAllowance: 25_000,
      sendsThisMonth: 1,
    });
    expect((await send()).status).toBe(200);
    expect(
      await db().organization.findUniqueOrThrow({ where: { id: o.org.id }, select: { plan: true, monthlySendAllowance: true } }),
    ).toEqual({ plan: "starter", monthlySendAllowance: null });

    const entries = await staffEntries({ orgId: o.org.id });
    expect(entries.map((e) => [e.action, e.projectId, (e.metadata as { changes: unknown }).changes])).toEqual([
      ["staff.allowance_changed", null, { monthlySendAllowance: { from: 100_000, to: 1 } }],
      ["staff.plan_changed", null, { plan: { from: "free", to: "starter" }, monthlySendAllowance: { from: 1, to: null } }],
    ]);
  });

  it("refuses bad input with 400 VALIDATION_ERROR naming the field, changing nothing", async () => {
    const o = await newOrg();
    const path = `/api/internal/organizations/${o.org.id}`;
    const bodies: [unknown, string][] = [
      [{}, "body"],
      [{ plan: "gold" }, "body.plan"],
      [{ monthlySendAllowance: -1 }, "body.monthlySendAllowance"],
      [{ monthlySendAllowance: 1.5 }, "body.monthlySendAllowance"],
      [{ monthlySendAllowance: "100" }, "body.monthlySendAllowance"],
      [{ plan: "starter", sendMode: "production" }, "body"],
    ];
    for (const [body, field] of bodies) {
      const res = await staff(path, { method: "PATCH", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringContaining(field),
        code: "VALIDATION_ERROR",
        requestId: expect.stringMatching(/^req_/),
      });
    }
    const malformed = await staff(path, { method: "PATCH", raw: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(
      await db().organization.findUniqueOrThrow({
        where: { id: o.org.id },
        select: { plan: true, monthlySendAllowance: true, sendMode: true },
      }),
    ).toEqual({
      plan: "free",
      monthlySendAllowance: null,
      sendMode: "test",
    });
    expect(await staffEntries({ orgId: o.org.id })).toHaveLength(0);
  });
});

describe("a key's per-minute override", () => {
  it("changes X-RateLimit-Limit on the key's next request; null goes back to the default", async () => {
    const o = await newOrg();
    const key = await createKey(o.cookie, ["org:read"]);
    const limit = async () => (await call("/api/v1/organization", { key: key.key })).headers.get("x-ratelimit-limit");
    expect(await limit()).toBe("60");

    const set = await staff(`/api/internal/api-keys/${key.id}/rate-limit`, { method: "PUT", body: { rateLimitPerMinute: 250 } });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      id: key.id,
      orgId: o.org.id,
      prefix: key.prefix,
      rateLimitPerMinute: 250,
      effectiveRateLimitPerMinute: 250,
      revoked: false,
    });
    expect(JSON.stringify(set.body)).not.toContain(sha256Hex(key.key));
    expect(await limit()).toBe("250");

    const cleared = await staff(`/api/internal/api-keys/${key.id}/rate-limit`, { method: "PUT", body: { rateLimitPerMinute: null } });
    expect(cleared.body.data).toMatchObject({ rateLimitPerMinute: null, effectiveRateLimitPerMinute: 60 });
    expect(await limit()).toBe("60");

    const entries = await staffEntries({ orgId: o.org.id });
    expect(entries.map((e) => [e.action, e.projectId, e.targetId, (e.metadata as { changes: unknown }).changes])).toEqual([
      ["staff.key_rate_limit_set", null, key.id, { rateLimitPerMinute: { from: null, to: 250 } }],
      ["staff.key_rate_limit_set", null, key.id, { rateLimitPerMinute: { from: 250, to: null } }],
    ]);
  });

  it("refuses anything but a whole number from 1 to 100000 or null", async () => {
    const o = await newOrg();
    const key = await createKey(o.cookie, ["org:read"]);
    for (const body of [
      {},
      { rateLimitPerMinute: 0 },
      { rateLimitPerMinute: 100_001 },
      { rateLimitPerMinute: 2.5 },
      { rateLimitPerMinute: "60" },
      { rateLimitPerMinute: 5, extra: true },
    ]) {
      const res = await staff(`/api/internal/api-keys/${key.id}/rate-limit`, { method: "PUT", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: key.id } })).rateLimitPerMinute).toBeNull();
    expect(await staffEntries({ orgId: o.org.id })).toHaveLength(0);
  });
});

describe("managed providers", () => {
  it("are created managed and provisioning, validated and sealed like a customer's own", async () => {
    const o = await newOrg();
    const s = await sink();
    const res = await staff(`/api/internal/organizations/${o.org.id}/providers`, { body: managedBody(s, { priority: 3 }) });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "smtp",
      accountSource: "managed",
      status: "provisioning",
      priority: 3,
      config: { host: "127.0.0.1", password: "********" },
    });
    const row = await db().provider.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row).toMatchObject({ orgId: o.org.id, accountSource: "managed", status: "provisioning" });
    expect(JSON.stringify(row.config)).not.toContain(SINK_PASSWORD);
    expect(row.secretsSealed).toBeTruthy();
    expect(row.secretsSealed).not.toContain(SINK_PASSWORD);
    const [entry] = await staffEntries({ orgId: o.org.id });
    expect(entry).toMatchObject({
      action: "staff.provider_created",
      projectId: null,
      targetType: "provider",
      targetId: row.id,
      metadata: { type: "smtp", accountSource: "managed", status: "provisioning" },
    });

    // The customer sees it among their providers, secrets masked.
    const list = await call("/api/providers", { cookie: o.cookie });
    expect(list.body).toContainEqual(
      expect.objectContaining({
        id: row.id,
        accountSource: "managed",
        status: "provisioning",
        config: expect.objectContaining({ password: "********" }),
      }),
    );
  });

  it("refuses an unknown type or an invalid config with 400, creating nothing", async () => {
    const o = await newOrg();
    const path = `/api/internal/organizations/${o.org.id}/providers`;
    const bad: [unknown, string][] = [
      [{ name: "x", type: "pigeon" }, "body.type"],
      [{ name: "x", type: "smtp", config: { port: 25 } }, "body.config"],
      [{ type: "smtp", config: smtpConfig({ port: 25 }) }, "body.name"],
      [{ name: "x", type: "smtp", config: smtpConfig({ port: 25 }), status: "active" }, "body"],
      [{ name: "x", type: "smtp", config: smtpConfig({ port: 25 }), accountSource: "byo" }, "body"],
    ];
    for (const [body, field] of bad) {
      const res = await staff(path, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.stringContaining(field), code: "VALIDATION_ERROR" });
    }
    expect(await db().provider.count({ where: { orgId: o.org.id } })).toBe(0);
    expect(await staffEntries({ orgId: o.org.id })).toHaveLength(0);
  });

  it("move provisioning -> active -> suspended -> active -> deprovisioned, and no other way", async () => {
    const o = await newOrg();
    const p = await createManaged(o.org.id, await sink());
    const steps: [string, number][] = [
      ["suspended", 409],
      ["provisioning", 409],
      ["active", 200],
      ["active", 409],
      ["provisioning", 409],
      ["suspended", 200],
      ["suspended", 409],
      ["provisioning", 409],
      ["active", 200],
      ["deprovisioned", 200],
      ["active", 409],
      ["suspended", 409],
      ["provisioning", 409],
      ["deprovisioned", 409],
    ];
    for (const [status, expected] of steps) {
      const before = (await db().provider.findUniqueOrThrow({ where: { id: p.id } })).status;
      const res = await moveTo(p.id, status);
      expect(res.status, `${before} -> ${status}`).toBe(expected);
      if (expected === 200) expect(res.body.data).toMatchObject({ id: p.id, status, accountSource: "managed" });
      else
        expect(res.body).toEqual({
          error: expect.stringContaining(`Cannot move a managed provider from ${before} to ${status}`),
          code: "CONFLICT",
          requestId: expect.stringMatching(/^req_/),
        });
      expect((await db().provider.findUniqueOrThrow({ where: { id: p.id } })).status).toBe(expected === 200 ? status : before);
    }
    const moves = (await staffEntries({ orgId: o.org.id, action: "staff.provider_status_changed" })).map(
      (e) => (e.metadata as { changes: { status: unknown } }).changes.status,
    );
    expect(moves).toEqual([
      { from: "provisioning", to: "active" },
      { from: "active", to: "suspended" },
      { from: "suspended", to: "active" },
      { from: "active", to: "deprovisioned" },
    ]);

    // Straight from provisioning to deprovisioned (never set up) is allowed too.
    const q = await createManaged(o.org.id, await sink());
    expect((await moveTo(q.id, "deprovisioned")).status).toBe(200);
  });

  it("concurrent moves from the same status: the row lock lets exactly one through, with one audit entry", async () => {
    const o = await newOrg();
    const p = await createManaged(o.org.id, await sink());
    const results = await Promise.all(Array.from({ length: 6 }, () => moveTo(p.id, "active")));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await db().provider.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("active");
    expect(await staffEntries({ orgId: o.org.id, action: "staff.provider_status_changed" })).toHaveLength(1);

    // Racing to suspend and to deprovision: both orders are lifecycle moves, never a status the table forbids.
    const [suspend, close] = await Promise.all([moveTo(p.id, "suspended"), moveTo(p.id, "deprovisioned")]);
    expect(close.status).toBe(200);
    const final = (await db().provider.findUniqueOrThrow({ where: { id: p.id } })).status;
    expect(final).toBe("deprovisioned");
    const moves = (await staffEntries({ orgId: o.org.id, action: "staff.provider_status_changed" })).map(
      (e) => (e.metadata as { changes: { status: unknown } }).changes.status,
    );
    expect(moves).toEqual(
      suspend.status === 200
        ? [
            { from: "provisioning", to: "active" },
            { from: "active", to: "suspended" },
            { from: "suspended", to: "deprovisioned" },
          ]
        : [
            { from: "provisioning", to: "active" },
            { from: "active", to: "deprovisioned" },
          ],
    );
  });

  it("refuses to move a customer's own (byo) provider, and refuses an unknown status", async () => {
    const o = await newOrg();
    const byo = await smtpProvider(o.cookie, await sink());
    const res = await moveTo(byo.id, "suspended");
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", error: expect.stringContaining("accountSource byo") });
    expect(await db().provider.findUniqueOrThrow({ where: { id: byo.id } })).toMatchObject({ status: "active", accountSource: "byo" });
    for (const body of [{ status: "paused" }, {}, { status: "active", accountSource: "managed" }]) {
      const bad = await staff(`/api/internal/providers/${managed.id}/status`, { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
    }
    expect(await staffEntries({ orgId: o.org.id })).toHaveLength(0);
  });

  it("send only while active: provisioning, suspended and deprovisioned ones are passed over", async () => {
    const o = await newOrg();
    await productionMode(o.org.id);
    const ownSink = await sink();
    const operatorSink = await sink();
    const own = await smtpProvider(o.cookie, ownSink, { priority: 50 });
    const m = await createManaged(o.org.id, operatorSink, { priority: 1 });
    const { key } = await createKey(o.cookie, ["email:send"]);
    const sendVia = async () => {
      const res = await call("/api/v1/email/send", { key, body: { to: "r@example.test", subject: "Hi", text: "x" } });
      expect(res.status).toBe(200);
      return res.body.data.provider as string;
    };
    expect(await sendVia()).toBe(own.name); // provisioning
    expect((await moveTo(m.id, "active")).status).toBe(200);
    expect(await sendVia()).toBe(m.name);
    expect((await moveTo(m.id, "suspended")).status).toBe(200);
    expect(await sendVia()).toBe(own.name);
    expect((await moveTo(m.id, "active")).status).toBe(200);
    expect(await sendVia()).toBe(m.name);
    expect((await moveTo(m.id, "deprovisioned")).status).toBe(200);
    expect(await sendVia()).toBe(own.name);
    expect(operatorSink.messages).toHaveLength(2);
    expect(ownSink.messages).toHaveLength(3);
  });

  it("a suspended one that is the organization's only provider is not used either (nothing leaves: demo)", async () => {
    const o = await newOrg();
    await productionMode(o.org.id);
    const operatorSink = await sink();
    const m = await createManaged(o.org.id, operatorSink);
    await moveTo(m.id, "active");
    await moveTo(m.id, "suspended");
    const { key } = await createKey(o.cookie, ["email:send"]);
    const res = await call("/api/v1/email/send", { key, body: { to: "r@example.test", subject: "Hi", text: "x" } });
    expect(res.body.data.provider).toBe("demo");
    expect(operatorSink.messages).toHaveLength(0);
  });
});

describe("a managed provider through the customer's own routes", () => {
  let o: Awaited<ReturnType<typeof newOrg>>;
  let m: { id: string; name: string };
  beforeAll(async () => {
    o = await newOrg();
    m = await createManaged(o.org.id, await sink());
  });
  const row = () => db().provider.findUniqueOrThrow({ where: { id: m.id } });

  it("cannot be created: accountSource and status are not customer fields", async () => {
    const s = await sink();
    for (const extra of [{ accountSource: "managed" }, { status: "active" }]) {
      const res = await call("/api/providers", { cookie: o.cookie, body: { name: "mine", type: "smtp", config: smtpConfig(s), ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const key = await createKey(o.cookie, ["*"]);
    const v1 = await call("/api/v1/providers", {
      key: key.key,
      body: { name: "mine", type: "smtp", config: smtpConfig(s), accountSource: "managed" },
    });
    expect(v1.status).toBe(405);
    expect(await db().provider.count({ where: { orgId: o.org.id } })).toBe(1);
  });

  it("cannot have its status or accountSource changed", async () => {
    for (const body of [{ status: "active" }, { accountSource: "byo" }, { name: "x", status: "suspended" }]) {
      const res = await call(`/api/providers/${m.id}`, { cookie: o.cookie, method: "PUT", body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await row()).toMatchObject({ status: "provisioning", accountSource: "managed" });
  });

  it("cannot have its settings or credentials changed, but can be renamed, switched off and reordered", async () => {
    const before = await row();
    for (const config of [
      { ...smtpConfig({ port: 2999 }) },
      { host: "127.0.0.1", port: 2999, secure: false, username: SINK_USER, password: "********" },
      { ...(before.config as object), password: "stolen-or-new" },
    ]) {
      const res = await call(`/api/providers/${m.id}`, { cookie: o.cookie, method: "PUT", body: { config } });
      expect(res.status, JSON.stringify(config)).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", error: expect.stringContaining("managed for you") });
    }
    const unchanged = await row();
    expect(unchanged.config).toEqual(before.config);
    expect(fullConfig(unchanged)).toEqual(fullConfig(before));

    // The dashboard's edit form sends the stored settings back, secrets as the mask: fine.
    const shown = (await call(`/api/providers/${m.id}`, { cookie: o.cookie })).body;
    const renamed = await call(`/api/providers/${m.id}`, {
      cookie: o.cookie,
      method: "PUT",
      body: { name: "Our managed relay", config: shown.config, isActive: false, priority: 7 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: "Our managed relay",
      isActive: false,
      priority: 7,
      accountSource: "managed",
      status: "provisioning",
    });
    expect(fullConfig(await row())).toEqual(fullConfig(before));
  });

  it("can have its connection tested only while active: otherwise 409 and nothing is tried", async () => {
    const t = await createManaged(o.org.id, await sink());
    const test = () => call(`/api/providers/${t.id}/test`, { cookie: o.cookie, method: "POST" });
    const untouched = async () =>
      expect(await db().provider.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({
        lastHealthCheck: null,
        isHealthy: true,
        lastError: null,
      });

    const provisioning = await test();
    expect(provisioning.status).toBe(409);
    expect(provisioning.body).toMatchObject({ code: "CONFLICT", error: expect.stringContaining("provisioning") });
    await untouched();

    expect((await moveTo(t.id, "active")).status).toBe(200);
    const active = await test();
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ success: true });
    const tested = (await db().provider.findUniqueOrThrow({ where: { id: t.id } })).lastHealthCheck;
    expect(tested).not.toBeNull();

    for (const status of ["suspended", "deprovisioned"]) {
      expect((await moveTo(t.id, status)).status).toBe(200);
      const res = await test();
      expect(res.status, status).toBe(409);
      expect(res.body).toMatchObject({ code: "CONFLICT", error: expect.stringContaining(status) });
      expect((await db().provider.findUniqueOrThrow({ where: { id: t.id } })).lastHealthCheck).toEqual(tested);
    }
  });

  it("cannot be deleted until it is deprovisioned", async () => {
    const refused = await call(`/api/providers/${m.id}`, { cookie: o.cookie, method: "DELETE" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "CONFLICT", error: expect.stringContaining("deprovisioned") });
    expect(await db().provider.count({ where: { id: m.id } })).toBe(1);
    expect((await moveTo(m.id, "deprovisioned")).status).toBe(200);
    const removed = await call(`/api/providers/${m.id}`, { cookie: o.cookie, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ removed: true });
  });
});
