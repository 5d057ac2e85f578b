// /api/v1/use-cases: CRUD in the envelope, scopes and session permissions, 404 for another
// organization's, audit; the organization's default use case (set, clear, refused for another
// organization's); and sends recording their use case with its attribution (explicit when the
// send names one, default when the organization's default applied, none otherwise).
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";
import { currentMonth } from "@/lib/email/message-store";

const path = "/api/v1/use-cases";
let n = 0;
const named = (prefix = "uc") => `${prefix}-${Date.now()}-${n++}`;

describe("use cases", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["use-cases:read", "use-cases:write"])).key;
  });

  it('creates with 201 (description defaults to ""), reads, updates and deletes, each audited', async () => {
    const name = named("receipts");
    const res = await call(path, { key, body: { name } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name,
      description: "",
      isDefault: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = res.body.data.id;
    expect((await call(`${path}/${id}`, { key })).body.data).toEqual(res.body.data);

    const patched = await call(`${path}/${id}`, { method: "PATCH", key, body: { description: "Order receipts", name: `${name}-2` } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id, name: `${name}-2`, description: "Order receipts" });

    const deleted = await call(`${path}/${id}`, { method: "DELETE", key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await call(`${path}/${id}`, { key })).status).toBe(404);

    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["use_case.created", "use_case", "api_key"],
      ["use_case.updated", "use_case", "api_key"],
      ["use_case.deleted", "use_case", "api_key"],
    ]);
    expect(audits[1].metadata).toMatchObject({ name: `${name}-2`, previousName: name });
  });

  it("lists newest first in the paginated envelope", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["use-cases:read", "use-cases:write"])).key;
    for (const name of ["a", "b", "c"])
      expect((await call(path, { key: k, body: { name, description: `about ${name}` } })).status).toBe(201);
    const all = await call(path, { key: k });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(all.body.data.map((u: { name: string }) => u.name)).toEqual(["c", "b", "a"]);
    const page2 = await call(`${path}?page=2&perPage=2`, { key: k });
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(page2.body.data.map((u: { name: string }) => u.name)).toEqual(["a"]);
  });

  it("answers 409 CONFLICT for a name the organization already uses, on create and rename; another organization may use it", async () => {
    const name = named();
    expect((await call(path, { key, body: { name } })).status).toBe(201);
    const dup = await call(path, { key, body: { name } });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CONFLICT");
    const other = await call(path, { key, body: { name: named() } });
    const rename = await call(`${path}/${other.body.data.id}`, { method: "PATCH", key, body: { name } });
    expect(rename.status).toBe(409);
    expect(rename.body.code).toBe("CONFLICT");
    const elsewhere = await newOrg();
    expect((await call(path, { cookie: elsewhere.cookie, body: { name } })).status).toBe(201);
  });

  it("validates the body", async () => {
    for (const body of [{}, { name: "" }, { name: "   " }, { name: "x\ny" }, { name: "x", extra: 1 }, { name: "x", description: 5 }]) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    const created = await call(path, { key, body: { name: named() } });
    expect((await call(`${path}/${created.body.data.id}`, { method: "PATCH", key, body: {} })).status).toBe(400);
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
  });

  it("needs use-cases:read to read and use-cases:write to change; project-bound keys cannot change them", async () => {
    const created = await call(path, { key, body: { name: named() } });
    const id = created.body.data.id;
    const readOnly = (await createKey(org.cookie, ["use-cases:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${id}`, { key: readOnly })).status).toBe(200);
    expect((await call(path, { key: readOnly, body: { name: named() } })).status).toBe(403);
    expect((await call(`${path}/${id}`, { method: "PATCH", key: readOnly, body: { description: "x" } })).status).toBe(403);
    expect((await call(`${path}/${id}`, { method: "DELETE", key: readOnly })).status).toBe(403);
    const noScope = (await createKey(org.cookie, ["email:send"])).key;
    expect((await call(path, { key: noScope })).status).toBe(403);
    const bound = (await createKey(org.cookie, ["use-cases:read", "use-cases:write"], { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { name: named() } })).status).toBe(403);
  });

  it("maps sessions to use-cases.view and use-cases.manage", async () => {
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(path, { cookie: viewer.cookie, body: { name: named() } })).status).toBe(403);
    const made = await call(path, { cookie: member.cookie, body: { name: named() } });
    expect(made.status).toBe(201);
    const audit = await db().auditLog.findFirstOrThrow({ where: { targetId: made.body.data.id } });
    expect(audit).toMatchObject({ action: "use_case.created", actorType: "user", actorId: member.member.userId });
  });

  it("answers 404 for another organization's use case and changes nothing", async () => {
    const other = await newOrg();
    const theirs = await call(path, { cookie: other.cookie, body: { name: named() } });
    const id = theirs.body.data.id;
    expect((await call(`${path}/${id}`, { key })).status).toBe(404);
    expect((await call(`${path}/${id}`, { method: "PATCH", key, body: { name: "mine now" } })).status).toBe(404);
    expect((await call(`${path}/${id}`, { method: "DELETE", key })).status).toBe(404);
    expect((await call(path, { key })).body.data.map((u: { id: string }) => u.id)).not.toContain(id);
    expect(await db().useCase.findUniqueOrThrow({ where: { id } })).toMatchObject({ orgId: other.org.id, name: theirs.body.data.name });
    expect(await db().auditLog.count({ where: { targetId: id } })).toBe(1);
  });
});

describe("the organization's default use case", () => {
  it("is set, shown, cleared; another organization's or an unknown id is refused at body.defaultUseCaseId", async () => {
    const org = await newOrg();
    const other = await newOrg();
    expect((await call("/api/v1/organization", { cookie: org.cookie })).body.data.defaultUseCaseId).toBeNull();
    const uc = (await call(path, { cookie: org.cookie, body: { name: "newsletters" } })).body.data;
    const set = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultUseCaseId: uc.id } });
    expect(set.status).toBe(200);
    expect(set.body.data.defaultUseCaseId).toBe(uc.id);
    expect((await call(`${path}/${uc.id}`, { cookie: org.cookie })).body.data.isDefault).toBe(true);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "organization.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit.metadata).toMatchObject({ defaultUseCaseId: uc.id });

    const theirs = (await call(path, { cookie: other.cookie, body: { name: "newsletters" } })).body.data;
    for (const defaultUseCaseId of [theirs.id, randomUUID(), "nope"]) {
      const res = await call("/api/v1/organization", {
        method: "PATCH",
        cookie: org.cookie,
        body: { defaultUseCaseId, name: "Should not stick" },
      });
      expect(res.status, defaultUseCaseId).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain("body.defaultUseCaseId");
    }
    const after = await db().organization.findUniqueOrThrow({ where: { id: org.org.id } });
    expect(after).toMatchObject({ defaultUseCaseId: uc.id, name: org.org.name });

    const cleared = await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultUseCaseId: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.defaultUseCaseId).toBeNull();

    // Deleting the default use case clears it.
    await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultUseCaseId: uc.id } });
    expect((await call(`${path}/${uc.id}`, { method: "DELETE", cookie: org.cookie })).status).toBe(200);
    expect((await call("/api/v1/organization", { cookie: org.cookie })).body.data.defaultUseCaseId).toBeNull();
  });
});

describe("sends record their use case", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  let receipts: string;
  let newsletters: string;
  beforeAll(async () => {
    org = await newOrg();
    await call("/api/safety/test-lists", { cookie: org.cookie, body: { name: "team", emails: ["dev@example.test"] } });
    receipts = (await call(path, { cookie: org.cookie, body: { name: "receipts" } })).body.data.id;
    newsletters = (await call(path, { cookie: org.cookie, body: { name: "newsletters" } })).body.data.id;
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["email:send"])).key;
  });
  const send = (extra: Record<string, unknown> = {}) =>
    call("/api/v1/email/send", { key, body: { to: "dev@example.test", subject: "Hi", text: "Hello", ...extra } });
  const stored = async (id: string) =>
    db().message.findUniqueOrThrow({ where: { id }, select: { useCaseId: true, useCaseAttribution: true } });
  const counted = async () =>
    (await db().sendCounter.findUnique({ where: { orgId_month: { orgId: org.org.id, month: currentMonth() } } }))?.count ?? 0;

  it("records none without a use case or a default, and explicit when the send names one", async () => {
    await db().organization.update({ where: { id: org.org.id }, data: { defaultUseCaseId: null } });
    const none = await send();
    expect(none.status).toBe(200);
    expect(await stored(none.body.data.id)).toEqual({ useCaseId: null, useCaseAttribution: null });
    const explicit = await send({ use_case_id: receipts });
    expect(explicit.status).toBe(200);
    expect(await stored(explicit.body.data.id)).toEqual({ useCaseId: receipts, useCaseAttribution: "explicit" });
    const agreed = await send({ use_case_id: receipts, use_case_attribution: "explicit" });
    expect(await stored(agreed.body.data.id)).toEqual({ useCaseId: receipts, useCaseAttribution: "explicit" });
  });

  it("applies the organization's default (attribution default) when the send names none; a named one wins", async () => {
    await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultUseCaseId: newsletters } });
    const byDefault = await send();
    expect(byDefault.status).toBe(200);
    expect(await stored(byDefault.body.data.id)).toEqual({ useCaseId: newsletters, useCaseAttribution: "default" });
    const legacy = await call("/api/email/send", {
      cookie: org.cookie,
      body: { to: "dev@example.test", subject: "Hi", text: "x", use_case_attribution: "default" },
    });
    expect(legacy.status).toBe(200);
    expect(await stored(legacy.body.id)).toEqual({ useCaseId: newsletters, useCaseAttribution: "default" });
    const named = await send({ use_case_id: receipts });
    expect(await stored(named.body.data.id)).toEqual({ useCaseId: receipts, useCaseAttribution: "explicit" });
    await call("/api/v1/organization", { method: "PATCH", cookie: org.cookie, body: { defaultUseCaseId: null } });
  });

  it("refuses another organization's or an unknown use_case_id at body.use_case_id: nothing sent, nothing counted", async () => {
    const other = await newOrg();
    const theirs = (await call(path, { cookie: other.cookie, body: { name: "receipts" } })).body.data.id;
    const messagesBefore = await db().message.count({ where: { orgId: org.org.id } });
    const countBefore = await counted();
    for (const use_case_id of [theirs, randomUUID()]) {
      const res = await send({ use_case_id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain("body.use_case_id");
    }
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(messagesBefore);
    expect(await counted()).toBe(countBefore);
    expect(await db().message.count({ where: { useCaseId: theirs } })).toBe(0);
  });

  it("refuses a use_case_attribution that contradicts the body", async () => {
    const explicitWithout = await send({ use_case_attribution: "explicit" });
    expect(explicitWithout.status).toBe(400);
    expect(explicitWithout.body.error).toContain("body.use_case_attribution");
    const defaultWith = await send({ use_case_id: receipts, use_case_attribution: "default" });
    expect(defaultWith.status).toBe(400);
    expect(defaultWith.body.error).toContain("body.use_case_attribution");
  });

  it("a deleted use case leaves its messages without one", async () => {
    const temp = (await call(path, { cookie: org.cookie, body: { name: named("temp") } })).body.data.id;
    const res = await send({ use_case_id: temp });
    expect(await stored(res.body.data.id)).toEqual({ useCaseId: temp, useCaseAttribution: "explicit" });
    await call(`${path}/${temp}`, { method: "DELETE", cookie: org.cookie });
    expect((await stored(res.body.data.id)).useCaseId).toBeNull();
  });
});
