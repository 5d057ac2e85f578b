// The dashboard JSON routes of DESIGN.md §6: projects, members and API keys.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { signIn } from "../helpers/sign-in";
import { PASSWORD, addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";

let owner: Awaited<ReturnType<typeof newOrg>>;

beforeAll(async () => {
  owner = await newOrg();
});

describe("API keys", () => {
  it("shows the key once, stores only its hash, lists it without the secret", async () => {
    const res = await call("/api/api-keys", { cookie: owner.cookie, body: { name: "Production", scopes: ["email:send", "org:read"] } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: "Production",
      scopes: ["email:send", "org:read"],
      prefix: res.body.key.slice(0, 12),
      projectId: null,
      allowBulk: false,
      key: expect.stringMatching(/^mr_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
    });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.hash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key);

    const list = await call("/api/api-keys", { cookie: owner.cookie });
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === res.body.id);
    expect(listed).toMatchObject({
      name: "Production",
      prefix: res.body.prefix,
      revokedAt: null,
      lastUsedAt: null,
      rateLimitPerMinute: 60,
    });
    expect(JSON.stringify(list.body)).not.toContain(res.body.key);
    expect(listed).not.toHaveProperty("hash");
    expect(listed).not.toHaveProperty("key");
  });

  it("keeps lastUsedAt", async () => {
    const { id, key } = await createKey(owner.cookie, ["org:read"]);
    await call("/api/v1/organization", { key });
    const list = await call("/api/api-keys", { cookie: owner.cookie });
    const used = list.body.apiKeys.find((k: { id: string }) => k.id === id);
    expect(Date.now() - Date.parse(used.lastUsedAt)).toBeLessThan(60_000);
  });

  it("can be bound to a project of the organization", async () => {
    const project = await call("/api/projects", { cookie: owner.cookie, body: { name: "Scoped" } });
    const key = await createKey(owner.cookie, ["org:read"], { projectId: project.body.id });
    expect(key.projectId).toBe(project.body.id);
  });

  it("revokes: listed as revoked, 401 from the next request, revoking twice is harmless", async () => {
    const { id, key } = await createKey(owner.cookie, ["org:read"]);
    expect((await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie })).body).toEqual({ revoked: true });
    expect((await call("/api/v1/organization", { key })).status).toBe(401);
    expect((await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const list = await call("/api/api-keys", { cookie: owner.cookie });
    expect(list.body.apiKeys.find((k: { id: string }) => k.id === id).revokedAt).not.toBeNull();
  });

  it("audits creation and revocation", async () => {
    const { id } = await createKey(owner.cookie, ["org:read"]);
    await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie });
    const entries = await db().auditLog.findMany({ where: { orgId: owner.org.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.action)).toEqual(["api_key.created", "api_key.revoked"]);
    expect(entries[0]).toMatchObject({ actorType: "user", actorId: owner.user.id, projectId: null });
  });
});

describe("projects", () => {
  it("creates and lists through the dashboard route and v1 alike", async () => {
    const created = await call("/api/projects", { cookie: owner.cookie, body: { name: "Marketing" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Marketing", isDefault: false });
    const list = await call("/api/projects", { cookie: owner.cookie });
    expect(list.body.projects.map((p: { name: string }) => p.name)).toContain("Marketing");
    const v1 = await call("/api/v1/projects?perPage=100", { cookie: owner.cookie });
    expect(v1.body.data.map((p: { id: string }) => p.id)).toContain(created.body.id);
  });
});

describe("members and roles", () => {
  it("adds a member who can sign in with the given password", async () => {
    const { member, email } = await addMemberAs(owner.cookie, "member");
    expect(member).toMatchObject({ email, role: "member" });
    expect((await signIn(email, PASSWORD)).cookie).toBeTruthy();
    const list = await call("/api/org/members", { cookie: owner.cookie });
    expect(list.body.members.map((m: { email: string }) => m.email)).toContain(email);
    expect(JSON.stringify(list.body)).not.toMatch(/passwordHash|scrypt/);
  });

  it("refuses a duplicate member with 409 and bad input with 400", async () => {
    const { email } = await addMemberAs(owner.cookie, "viewer");
    const dup = await call("/api/org/members", { cookie: owner.cookie, body: { email, role: "viewer", password: PASSWORD } });
    expect(dup.status).toBe(409);
    const racing = await Promise.all(
      [1, 2].map(() =>
        call("/api/org/members", { cookie: owner.cookie, body: { email: "race-" + email, role: "viewer", password: PASSWORD } }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    for (const body of [
      { email: "not-an-email", role: "member", password: PASSWORD },
      { email: "a@example.test", role: "superuser", password: PASSWORD },
      { email: "a@example.test", role: "member", password: "short" },
      { email: "a@example.test", role: "member" },
    ]) {
      expect((await call("/api/org/members", { cookie: owner.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("changes roles; the new role applies to the very next request", async () => {
    const { member, cookie } = await addMemberAs(owner.cookie, "admin");
    expect((await call("/api/v1/projects", { cookie, body: { name: "by admin" } })).status).toBe(201);
    const patch = await call(`/api/org/members/${member.id}`, { method: "PATCH", cookie: owner.cookie, body: { role: "viewer" } });
    expect(patch.status).toBe(200);
    expect(patch.body.role).toBe("viewer");
    expect((await call("/api/v1/projects", { cookie, body: { name: "by viewer" } })).status).toBe(403);
  });

  it("removing a member ends their session's access at once", async () => {
    const { member, cookie } = await addMemberAs(owner.cookie, "member");
    expect((await call("/api/v1/organization", { cookie })).status).toBe(200);
    expect((await call(`/api/org/members/${member.id}`, { method: "DELETE", cookie: owner.cookie })).body).toEqual({ removed: true });
    expect((await call("/api/v1/organization", { cookie })).status).toBe(401);
    expect((await call("/api/api-keys", { cookie })).status).toBe(401);
  });

  it("an admin cannot create or change owners; members cannot manage members", async () => {
    const admin = await addMemberAs(owner.cookie, "admin");
    const makeOwner = await call("/api/org/members", {
      cookie: admin.cookie,
      body: { email: "o2@example.test", role: "owner", password: PASSWORD },
    });
    expect(makeOwner.status).toBe(403);
    expect(makeOwner.body.code).toBe("PERMISSION_DENIED");
    const members = await call("/api/org/members", { cookie: owner.cookie });
    const ownerRow = members.body.members.find((m: { role: string }) => m.role === "owner");
    expect(
      (await call(`/api/org/members/${ownerRow.id}`, { method: "PATCH", cookie: admin.cookie, body: { role: "viewer" } })).status,
    ).toBe(403);
    expect((await call(`/api/org/members/${ownerRow.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(403);
    const member = await addMemberAs(owner.cookie, "member");
    const byMember = await call("/api/org/members", {
      cookie: member.cookie,
      body: { email: "x@example.test", role: "viewer", password: PASSWORD },
    });
    expect(byMember.status).toBe(403);
  });

  it("refuses an address that already has an account elsewhere, revealing nothing about it", async () => {
    const other = await newOrg();
    await call("/api/org/members", {
      cookie: other.cookie,
      body: { email: "taken@example.test", name: "Private Name", role: "member", password: PASSWORD },
    });
    const res = await call("/api/org/members", {
      cookie: owner.cookie,
      body: { email: "taken@example.test", role: "member", password: "another-password" },
    });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).not.toContain("Private Name");
    expect((await signIn("taken@example.test", "another-password")).cookie).toBeNull();
    const members = await call("/api/org/members", { cookie: owner.cookie });
    expect(members.body.members.map((m: { email: string }) => m.email)).not.toContain("taken@example.test");
  });

  it("two owners demoting each other at once leave one owner", async () => {
    for (let round = 0; round < 3; round++) {
      const org = await newOrg();
      const second = await addMemberAs(org.cookie, "owner");
      const list = await call("/api/org/members", { cookie: org.cookie });
      const first = list.body.members.find((m: { email: string }) => m.email === org.email);
      const results = await Promise.all([
        call(`/api/org/members/${second.member.id}`, { method: "PATCH", cookie: org.cookie, body: { role: "admin" } }),
        call(`/api/org/members/${first.id}`, { method: "PATCH", cookie: second.cookie, body: { role: "admin" } }),
      ]);
      const after = await db().membership.count({ where: { orgId: org.org.id, role: "owner" } });
      expect(after).toBe(1);
      // The loser is refused (409), or (if it ran second and lost its rights first) 403.
      expect(results.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    }
  });

  it("keeps at least one owner", async () => {
    const solo = await newOrg();
    const list = await call("/api/org/members", { cookie: solo.cookie });
    const me = list.body.members[0];
    const demote = await call(`/api/org/members/${me.id}`, { method: "PATCH", cookie: solo.cookie, body: { role: "admin" } });
    expect(demote.status).toBe(409);
    const remove = await call(`/api/org/members/${me.id}`, { method: "DELETE", cookie: solo.cookie });
    expect(remove.status).toBe(409);
    const second = await addMemberAs(solo.cookie, "owner");
    expect((await call(`/api/org/members/${me.id}`, { method: "PATCH", cookie: solo.cookie, body: { role: "admin" } })).status).toBe(200);
    expect(second.member.role).toBe("owner");
  });
});
