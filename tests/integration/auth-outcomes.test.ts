// Every authentication and authorization outcome of SPEC's Authentication and Errors sections.
import { beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";

let owner: Awaited<ReturnType<typeof newOrg>>;

beforeAll(async () => {
  owner = await newOrg();
});

describe("API key authentication on v1", () => {
  it("refuses a request with no key and no session: exactly {error: 'Invalid API key'}", async () => {
    const res = await call("/api/v1/organization");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid API key" });
  });

  it("refuses an unknown key with the exact SPEC body (no code, no requestId)", async () => {
    const res = await call("/api/v1/organization", { key: "mr_" + "a".repeat(43) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid API key" });
  });

  it("refuses junk bearer tokens, and other schemes without a session, the same way", async () => {
    for (const authorization of ["Bearer nonsense", "Basic Zm9vOmJhcg==", "Bearer", "bearer  ", ""]) {
      const res = await call("/api/v1/organization", { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ error: "Invalid API key" });
    }
  });

  it("accepts a valid key and answers in the v1 envelope with a request id", async () => {
    const { key } = await createKey(owner.cookie, ["org:read"]);
    const res = await call("/api/v1/organization", { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: owner.org.id, name: owner.org.name, sendMode: "test", plan: "free" });
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
  });

  it("refuses a revoked key at once", async () => {
    const { id, key } = await createKey(owner.cookie, ["org:read"]);
    expect((await call("/api/v1/organization", { key })).status).toBe(200);
    const revoke = await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie });
    expect(revoke.status).toBe(200);
    const res = await call("/api/v1/organization", { key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid API key" });
  });

  it("answers 403 SCOPE_DENIED in the v1 error shape when the key lacks the scope", async () => {
    const { key } = await createKey(owner.cookie, ["org:read"]);
    const res = await call("/api/v1/organization", { key, method: "PATCH", body: { name: "Nope" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: expect.stringContaining("org:write"),
      code: "SCOPE_DENIED",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
    const org = await call("/api/v1/organization", { cookie: owner.cookie });
    expect(org.body.data.name).toBe(owner.org.name);
  });

  it("lets the full-access scope * through every scope check", async () => {
    const { key } = await createKey(owner.cookie, ["*"]);
    const res = await call("/api/v1/organization", { key, method: "PATCH", body: { name: "Renamed by star" } });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Renamed by star");
  });
});

describe("sessions", () => {
  it("may call v1 routes, checked against the role's permission", async () => {
    const res = await call("/api/v1/projects", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, perPage: 25, total: 1 });
    expect(res.body.data[0]).toMatchObject({ name: "Default", isDefault: true });
  });

  it("answers 403 PERMISSION_DENIED to a viewer on a write", async () => {
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const read = await call("/api/v1/organization", { cookie: viewer.cookie });
    expect(read.status).toBe(200);
    const write = await call("/api/v1/projects", { cookie: viewer.cookie, body: { name: "viewer project" } });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      error: expect.stringContaining("org.manage"),
      code: "PERMISSION_DENIED",
      requestId: expect.stringMatching(/^req_/),
    });
    const legacy = await call("/api/api-keys", { cookie: viewer.cookie, body: { name: "x", scopes: ["org:read"] } });
    expect(legacy.status).toBe(403);
    expect(legacy.body).toEqual({ error: expect.any(String), code: "PERMISSION_DENIED" });
  });

  it("a key on a dashboard-only route gets 403 SESSION_ONLY", async () => {
    const { key } = await createKey(owner.cookie, ["*"]);
    for (const [path, method] of [
      ["/api/api-keys", "GET"],
      ["/api/org/members", "GET"],
      ["/api/projects", "POST"],
    ] as const) {
      const res = await call(path, { key, method, body: method === "POST" ? { name: "x" } : undefined });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ error: expect.stringContaining("/api/v1"), code: "SESSION_ONLY" });
    }
  });

  it("a dashboard route without a session answers 401 {error}", async () => {
    const res = await call("/api/api-keys");
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Unauthorized");
  });

  it("a forged session cookie, or one made with another secret, is not a session", async () => {
    const garbage = await call("/api/v1/organization", {
      cookie: "next-auth.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged",
    });
    expect(garbage.status).toBe(401);
    const foreign = await encode({
      token: { uid: owner.user.id, orgId: owner.org.id, sv: 0, email: owner.email },
      secret: "some-other-deployment-secret-0123456789",
    });
    const res = await call("/api/v1/organization", { cookie: `next-auth.session-token=${foreign}` });
    expect(res.status).toBe(401);
    // The same claims under the real secret are accepted: the secret is what was checked.
    const genuine = await encode({
      token: { uid: owner.user.id, orgId: owner.org.id, sv: 0, email: owner.email },
      secret: process.env.AUTH_SECRET!,
    });
    expect((await call("/api/v1/organization", { cookie: `next-auth.session-token=${genuine}` })).status).toBe(200);
  });

  it("a session behind a proxy that adds Basic auth still works (Basic is not an API key)", async () => {
    const headers = { authorization: "Basic Zm9vOmJhcg==" };
    expect((await call("/api/v1/organization", { cookie: owner.cookie, headers })).status).toBe(200);
    expect((await call("/api/api-keys", { cookie: owner.cookie, headers })).status).toBe(200);
  });
});

describe("keys bound to one project", () => {
  it("see only their project and cannot change organization-wide settings", async () => {
    const project = await call("/api/projects", { cookie: owner.cookie, body: { name: "Bound" } });
    const { key } = await createKey(owner.cookie, ["org:read", "org:write"], { projectId: project.body.id });
    const list = await call("/api/v1/projects", { key });
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([project.body.id]);
    expect(list.body.pagination.total).toBe(1);
    for (const [path, method, body] of [
      ["/api/v1/projects", "POST", { name: "from bound key" }],
      ["/api/v1/organization", "PATCH", { name: "x" }],
    ] as const) {
      const res = await call(path, { key, method, body });
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    const org = await call("/api/v1/organization", { key });
    expect(org.status).toBe(200);
    expect(org.body.data.name).not.toBe("x");
  });
});

describe("unknown routes", () => {
  it("answer 404 in each family's shape", async () => {
    const v1 = await call("/api/v1/no-such-thing", { method: "POST", body: {} });
    expect(v1.status).toBe(404);
    expect(v1.body).toEqual({
      error: expect.stringContaining("/api/v1/no-such-thing"),
      code: "NOT_FOUND",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(v1.headers.get("x-request-id")).toBe(v1.body.requestId);
    const legacy = await call("/api/no-such-thing");
    expect(legacy.status).toBe(404);
    expect(legacy.body).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
  });
});

describe("cross-organization access", () => {
  it("answers 404 for another organization's key, member and project, and changes nothing", async () => {
    const other = await newOrg();
    const otherKey = await createKey(other.cookie, ["org:read"]);
    const otherMember = await addMemberAs(other.cookie, "member");

    const revoke = await call(`/api/api-keys/${otherKey.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(revoke.status).toBe(404);
    expect(revoke.body).toEqual({ error: "API key not found", code: "NOT_FOUND" });
    expect((await call("/api/v1/organization", { key: otherKey.key })).status).toBe(200);

    const patch = await call(`/api/org/members/${otherMember.member.id}`, {
      method: "PATCH",
      cookie: owner.cookie,
      body: { role: "viewer" },
    });
    expect(patch.status).toBe(404);
    const del = await call(`/api/org/members/${otherMember.member.id}`, { method: "DELETE", cookie: owner.cookie });
    expect(del.status).toBe(404);
    const members = await call("/api/org/members", { cookie: other.cookie });
    expect(members.body.members.find((m: { id: string }) => m.id === otherMember.member.id).role).toBe("member");

    const key = await call("/api/api-keys", {
      cookie: owner.cookie,
      body: { name: "x", scopes: ["org:read"], projectId: other.project.id },
    });
    expect(key.status).toBe(404);
    expect(key.body.code).toBe("NOT_FOUND");
  });

  it("a key only ever sees its own organization", async () => {
    const other = await newOrg();
    const { key } = await createKey(other.cookie, ["org:read"]);
    const res = await call("/api/v1/projects", { key });
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([other.project.id]);
  });
});
