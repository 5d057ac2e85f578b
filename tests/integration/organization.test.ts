// GET/PATCH /api/v1/organization: settings, the allowance in force and this month's use of it,
// the default project, for every role to read and owners and admins to change; and
// GET /api/v1/organization/members.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { db } from "@/lib/db/client";

const firstOfNextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};

describe("organization", () => {
  it("shows the plan's allowance, this month's sends counted against it, when it renews and the provider quota", async () => {
    const org = await newOrg();
    const before = await call("/api/v1/organization", { cookie: org.cookie });
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      plan: "free",
      monthlySendAllowance: 1000,
      sendsThisMonth: 0,
      allowanceResetsAt: firstOfNextMonth(),
      providerQuota: 2,
    });

    await productionMode(org.org.id, 1000);
    await db().organization.update({ where: { id: org.org.id }, data: { monthlySendAllowance: null } });
    const { key } = await createKey(org.cookie, ["email:send"]);
    for (let i = 0; i < 2; i++) {
      const sent = await call("/api/v1/email/send", { key, body: { to: `reader${i}@example.com`, subject: "Counted", text: "x" } });
      expect(sent.status).toBe(200);
    }
    // Refused sends do not count.
    await db().organization.update({ where: { id: org.org.id }, data: { sendMode: "test" } });
    expect((await call("/api/v1/email/send", { key, body: { to: "stranger@example.com", subject: "Refused", text: "x" } })).status).toBe(
      403,
    );
    const after = await call("/api/v1/organization", { cookie: org.cookie });
    expect(after.body.data).toMatchObject({ sendsThisMonth: 2, monthlySendAllowance: 1000 });
  });

  it("every role reads it; only owners and admins change it, and the change is audited", async () => {
    const org = await newOrg();
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    expect((await call("/api/v1/organization", { cookie: viewer.cookie })).status).toBe(200);
    const refused = await call("/api/v1/organization", { method: "PATCH", cookie: member.cookie, body: { name: "Taken over" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("PERMISSION_DENIED");
    const renamed = await call("/api/v1/organization", {
      method: "PATCH",
      cookie: org.cookie,
      body: { name: "Renamed", trackingEnabled: false },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Renamed", trackingEnabled: false, sendsThisMonth: 0 });
    expect(await db().auditLog.count({ where: { orgId: org.org.id, action: "organization.updated" } })).toBe(1);
    const empty = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { name: "  " } });
    expect(empty.status).toBe(400);
  });

  it("shows the default project; PATCH moves it to another of the organization's projects, and sends without a project follow", async () => {
    const org = await newOrg();
    const got = await call("/api/v1/organization", { cookie: org.cookie });
    expect(got.body.data.defaultProjectId).toBe(org.project.id);

    const created = await call("/api/v1/projects", { cookie: org.cookie, body: { name: "Marketing" } });
    expect(created.status).toBe(201);
    const marketing = created.body.data.id as string;
    const moved = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultProjectId: marketing } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ defaultProjectId: marketing, name: org.org.name });
    expect((await call("/api/v1/organization", { cookie: org.cookie })).body.data.defaultProjectId).toBe(marketing);
    // Exactly one default, and the projects list says so.
    const defaults = await db().project.findMany({ where: { orgId: org.org.id, isDefault: true } });
    expect(defaults.map((p) => p.id)).toEqual([marketing]);
    const listed = await call("/api/v1/projects", { cookie: org.cookie });
    expect(listed.body.data.map((p: { id: string; isDefault: boolean }) => [p.id, p.isDefault])).toEqual([
      [org.project.id, false],
      [marketing, true],
    ]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, action: "organization.updated" } });
    expect(audit).toMatchObject({
      actorType: "user",
      actorId: org.user.id,
      metadata: { defaultProjectId: marketing, previousDefaultProjectId: org.project.id },
    });

    // A send with an org-wide key (no project) is recorded under the new default.
    await productionMode(org.org.id);
    const { key } = await createKey(org.cookie, ["email:send"]);
    const sent = await call("/api/v1/email/send", { key, body: { to: "reader@example.com", subject: "Default project", text: "x" } });
    expect(sent.status).toBe(200);
    expect((await db().message.findUniqueOrThrow({ where: { id: sent.body.data.id } })).projectId).toBe(marketing);
    const sendAudit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "email.send" },
      orderBy: { createdAt: "desc" },
    });
    expect(sendAudit.projectId).toBe(marketing);

    // And back, together with a rename, in one change.
    const back = await call("/api/v1/organization", {
      method: "PATCH",
      cookie: org.cookie,
      body: { defaultProjectId: org.project.id, name: "Back again" },
    });
    expect(back.body.data).toMatchObject({ defaultProjectId: org.project.id, name: "Back again" });
    expect((await db().project.findMany({ where: { orgId: org.org.id, isDefault: true } })).map((p) => p.id)).toEqual([org.project.id]);
  });

  it("refuses another organization's project or an unknown id alike, and changes nothing", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const auditsBefore = await db().auditLog.count({ where: { orgId: org.org.id } });
    const messages: string[] = [];
    for (const defaultProjectId of [other.project.id, randomUUID()]) {
      const res = await call("/api/v1/organization", {
        method: "PATCH",
        cookie: org.cookie,
        body: { defaultProjectId, name: "Should not stick" },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain("body.defaultProjectId");
      messages.push(res.body.error);
    }
    // The same answer for both: nothing tells whether the id exists in another organization.
    expect(messages[0]).toBe(messages[1]);
    const notUuid = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultProjectId: "default" } });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.error).toContain("body.defaultProjectId");

    expect((await db().organization.findUniqueOrThrow({ where: { id: org.org.id } })).name).toBe(org.org.name);
    expect((await db().project.findMany({ where: { orgId: org.org.id, isDefault: true } })).map((p) => p.id)).toEqual([org.project.id]);
    expect((await db().project.findMany({ where: { orgId: other.org.id, isDefault: true } })).map((p) => p.id)).toEqual([other.project.id]);
    expect(await db().auditLog.count({ where: { orgId: org.org.id } })).toBe(auditsBefore);

    // A member may not move it; a key bound to one project may not either.
    const member = await addMemberAs(org.cookie, "member");
    const second = (await call("/api/v1/projects", { cookie: org.cookie, body: { name: "Second" } })).body.data.id as string;
    const byMember = await call("/api/v1/organization", { method: "PATCH", cookie: member.cookie, body: { defaultProjectId: second } });
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe("PERMISSION_DENIED");
    const bound = await createKey(org.cookie, ["org:write"], { projectId: second });
    const byBoundKey = await call("/api/v1/organization", { method: "PATCH", key: bound.key, body: { defaultProjectId: second } });
    expect(byBoundKey.status).toBe(403);
    expect(byBoundKey.body.code).toBe("SCOPE_DENIED");
    // An org-wide key with org:write may.
    const { key } = await createKey(org.cookie, ["org:write"]);
    const byKey = await call("/api/v1/organization", { method: "PATCH", key, body: { defaultProjectId: second } });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.defaultProjectId).toBe(second);
    expect(
      await db().auditLog.findFirst({ where: { orgId: org.org.id, action: "organization.updated", actorType: "api_key" } }),
    ).not.toBeNull();
  });

  it("shows the default use case (none at first); a key with org:write sets it to one of its own and clears it with null", async () => {
    const org = await newOrg();
    const key = (await createKey(org.cookie, ["org:read", "org:write"])).key;
    expect((await call("/api/v1/organization", { key })).body.data.defaultUseCaseId).toBeNull();
    const uc = await call("/api/v1/use-cases", { cookie: org.cookie, body: { name: "alerts" } });
    const set = await call("/api/v1/organization", { method: "PATCH", key, body: { defaultUseCaseId: uc.body.data.id } });
    expect(set.status).toBe(200);
    expect(set.body.data.defaultUseCaseId).toBe(uc.body.data.id);
    const other = await newOrg();
    const theirs = await call("/api/v1/use-cases", { cookie: other.cookie, body: { name: "alerts" } });
    const refused = await call("/api/v1/organization", { method: "PATCH", key, body: { defaultUseCaseId: theirs.body.data.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("body.defaultUseCaseId");
    const cleared = await call("/api/v1/organization", { method: "PATCH", key, body: { defaultUseCaseId: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.defaultUseCaseId).toBeNull();
    const audit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "organization.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ actorType: "api_key", metadata: { defaultUseCaseId: null } });
  });

  it("concurrent switches leave exactly one default project", async () => {
    const org = await newOrg();
    const ids = [org.project.id];
    for (const name of ["A", "B", "C"]) ids.push((await call("/api/v1/projects", { cookie: org.cookie, body: { name } })).body.data.id);
    const results = await Promise.all(
      [...ids, ...ids].map((defaultProjectId) =>
        call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultProjectId } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const defaults = await db().project.findMany({ where: { orgId: org.org.id, isDefault: true } });
    expect(defaults).toHaveLength(1);
    expect((await call("/api/v1/organization", { cookie: org.cookie })).body.data.defaultProjectId).toBe(defaults[0].id);
  });

  it("lists the members, paginated, to every role and to keys with org:read, never another organization's", async () => {
    const org = await newOrg();
    const other = await newOrg();
    await addMemberAs(other.cookie, "admin");
    const admin = await addMemberAs(org.cookie, "admin");
    const member = await addMemberAs(org.cookie, "member");
    const viewer = await addMemberAs(org.cookie, "viewer");

    const all = await call("/api/v1/organization/members", { cookie: viewer.cookie });
    expect(all.status).toBe(200);
    expect(all.body.requestId).toMatch(/^req_/);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 4 });
    expect(all.body.data.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [org.email, "owner"],
      [admin.email, "admin"],
      [member.email, "member"],
      [viewer.email, "viewer"],
    ]);
    const first = all.body.data[0];
    expect(Object.keys(first).sort()).toEqual(["createdAt", "email", "id", "name", "role", "userId"]);
    expect(first).toMatchObject({ userId: org.user.id, role: "owner" });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
    expect(all.body.data[1]).toMatchObject({ id: admin.member.id, userId: admin.member.userId, name: "admin" });
    expect(JSON.stringify(all.body)).not.toContain(other.email);
    expect(JSON.stringify(all.body)).not.toMatch(/password|sessionVersion|totp/i);

    for (const who of [org, admin, member]) expect((await call("/api/v1/organization/members", { cookie: who.cookie })).status).toBe(200);

    const page2 = await call("/api/v1/organization/members?page=2&perPage=3", { cookie: org.cookie });
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 3, total: 4 });
    expect(page2.body.data.map((m: { email: string }) => m.email)).toEqual([viewer.email]);
    const bad = await call("/api/v1/organization/members?perPage=1000", { cookie: org.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");

    const reader = await createKey(org.cookie, ["org:read"]);
    const byKey = await call("/api/v1/organization/members", { key: reader.key });
    expect(byKey.status).toBe(200);
    expect(byKey.body.pagination.total).toBe(4);
    const sender = await createKey(org.cookie, ["email:send", "org:write"]);
    const refused = await call("/api/v1/organization/members", { key: sender.key });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("SCOPE_DENIED");
    expect((await call("/api/v1/organization/members")).status).toBe(401);

    const theirs = await call("/api/v1/organization/members", { cookie: other.cookie });
    expect(theirs.body.pagination.total).toBe(2);
    expect(theirs.body.data.map((m: { email: string }) => m.email)).not.toContain(org.email);
  });
});
