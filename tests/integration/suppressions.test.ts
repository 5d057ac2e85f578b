// /api/v1/suppressions: the organization's suppression list in the envelope — add (idempotent,
// manual only), check one address, remove, list with search, reason filter and pagination;
// scopes, session permissions, project-bound keys, another organization's rows, the audit
// trail, and a hard bounce from the demo provider landing on the list by itself.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { db } from "@/lib/db/client";

const path = "/api/v1/suppressions";
const one = (email: string) => `${path}/${encodeURIComponent(email)}`;
let n = 0;
const address = (prefix = "addr") => `${prefix}-${Date.now()}-${n++}@example.test`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Org = Awaited<ReturnType<typeof newOrg>>;
const keyFor = async (org: Org, scopes = ["contacts:read", "contacts:write"], extra: Record<string, unknown> = {}) =>
  (await createKey(org.cookie, scopes, extra)).key;

describe("suppressions", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  // A fresh key per test: each key has its own 60-a-minute request allowance.
  beforeEach(async () => {
    key = await keyFor(org);
  });

  it("adds with 201 in the envelope, lower-cased; GET by address (any case, URL-encoded) reads it back; DELETE removes it", async () => {
    const email = address("Mixed.Case+tag").replace("example.test", "Example.TEST");
    const res = await call(path, { key, body: { email: `  ${email} ` } });
    expect(res.status).toBe(201);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      reason: "manual",
      messageId: null,
      createdAt: expect.any(String),
    });
    expect(Object.keys(res.body)).toEqual(["data", "requestId"]);

    for (const asked of [email, email.toLowerCase(), email.toUpperCase()]) {
      const got = await call(one(asked), { key });
      expect(got.status, asked).toBe(200);
      expect(got.body.data).toEqual(res.body.data);
    }
    // "@" and "+" written raw in the path work too.
    expect((await call(`${path}/${email.toLowerCase()}`, { key })).body.data).toEqual(res.body.data);

    const deleted = await call(one(email.toUpperCase()), { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ deleted: true });
    expect(deleted.body.requestId).toMatch(/^req_/);
    const gone = await call(one(email), { key });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: expect.any(String), code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
    const again = await call(one(email), { key, method: "DELETE" });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("NOT_FOUND");
    expect(await db().suppression.count({ where: { orgId: org.org.id, email: email.toLowerCase() } })).toBe(0);
  });

  it("is idempotent: adding an address already suppressed answers 200 with the existing row, whatever its reason", async () => {
    const email = address("twice");
    const first = await call(path, { key, body: { email, reason: "manual" } });
    expect(first.status).toBe(201);
    const second = await call(path, { key, body: { email: email.toUpperCase() } });
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);

    // One a bounce put there keeps its reason and message.
    const bounced = address("bounced");
    const row = await db().suppression.create({ data: { orgId: org.org.id, email: bounced, reason: "bounce" } });
    const existing = await call(path, { key, body: { email: bounced } });
    expect(existing.status).toBe(200);
    expect(existing.body.data).toMatchObject({ id: row.id, email: bounced, reason: "bounce" });
    expect(await db().suppression.count({ where: { orgId: org.org.id, email: { in: [email, bounced] } } })).toBe(2);

    // Concurrent adds of one new address: one 201, the rest 200, one row.
    const racing = address("race");
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(path, { key, body: { email: racing } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
  });

  it("refuses a bad address, a reason other than manual, unknown fields and bad queries with 400", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /body\.email: email is required/],
      [{ email: "not-an-address" }, /body\.email: not a valid email address: "not-an-address"/],
      [{ email: "Ann <ann@example.test>" }, /body\.email: not a valid email address/],
      [{ email: "a@b" }, /body\.email/],
      [{ email: `${"x".repeat(320)}@example.test` }, /body\.email: at most 320 characters/],
      [{ email: 42 }, /body\.email/],
      [{ email: address(), reason: "bounce" }, /body\.reason: only "manual" can be given/],
      [{ email: address(), reason: "complaint" }, /body\.reason/],
      [{ email: address(), reason: "unsubscribe" }, /body\.reason/],
      [{ email: address(), messageId: "x" }, /body/],
    ];
    for (const [body, message] of cases) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(message);
    }
    expect((await call(path, { key, raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    for (const query of ["reason=spam", "perPage=101", "page=0", "limit=5"]) {
      const res = await call(`${path}?${query}`, { key });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
    const badPath = await call(`${path}/not-an-address`, { key });
    expect(badPath.status).toBe(400);
    expect(badPath.body.error).toMatch(/params\.email/);
    expect((await call(`${path}/not-an-address`, { key, method: "DELETE" })).status).toBe(400);
  });

  it("lists newest first with pagination; searches part of the address literally (% and _ are not wildcards); filters by reason", async () => {
    const other = await newOrg();
    const k = await keyFor(other);
    const added: string[] = [];
    for (const local of ["alpha", "bravo", "charlie"]) {
      const res = await call(path, { key: k, body: { email: `${local}@shop.example` } });
      expect(res.status).toBe(201);
      added.push(res.body.data.email);
      await sleep(5); // distinct creation times
    }
    const seed = async (email: string, reason: string) => {
      await db().suppression.create({ data: { orgId: other.org.id, email, reason } });
      await sleep(5);
    };
    await seed("a%c@lit.example", "unsubscribe");
    await seed("abc@lit.example", "complaint");
    await seed("a_c@lit.example", "bounce");

    const all = await call(path, { key: k });
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, perPage: 25, total: 6 });
    expect(all.body.data.map((s: { email: string }) => s.email)).toEqual([
      "a_c@lit.example",
      "abc@lit.example",
      "a%c@lit.example",
      "charlie@shop.example",
      "bravo@shop.example",
      "alpha@shop.example",
    ]);
    for (const item of all.body.data) expect(Object.keys(item).sort()).toEqual(["createdAt", "email", "id", "messageId", "reason"]);

    const page2 = await call(`${path}?page=2&perPage=2`, { key: k });
    expect(page2.body.pagination).toEqual({ page: 2, perPage: 2, total: 6 });
    expect(page2.body.data.map((s: { email: string }) => s.email)).toEqual(["a%c@lit.example", "charlie@shop.example"]);
    const past = await call(`${path}?page=9&perPage=2`, { key: k });
    expect(past.body).toMatchObject({ data: [], pagination: { page: 9, perPage: 2, total: 6 } });

    const search = async (q: string, extra = "") => (await call(`${path}?search=${encodeURIComponent(q)}${extra}`, { key: k })).body;
    expect((await search("a%c")).data.map((s: { email: string }) => s.email)).toEqual(["a%c@lit.example"]);
    expect((await search("a_c")).data.map((s: { email: string }) => s.email)).toEqual(["a_c@lit.example"]);
    expect((await search("%")).pagination.total).toBe(1);
    expect((await search("SHOP.Example")).pagination.total).toBe(3); // case-insensitive
    expect((await search("  bravo ")).data.map((s: { email: string }) => s.email)).toEqual(["bravo@shop.example"]);
    expect((await search("")).pagination.total).toBe(6); // blank: no filter
    expect((await search("nobody")).data).toEqual([]);

    const byReason = async (reason: string, extra = "") => (await call(`${path}?reason=${reason}${extra}`, { key: k })).body;
    expect((await byReason("manual")).data.map((s: { email: string }) => s.email)).toEqual([
      "charlie@shop.example",
      "bravo@shop.example",
      "alpha@shop.example",
    ]);
    expect((await byReason("complaint")).data).toEqual([expect.objectContaining({ email: "abc@lit.example", reason: "complaint" })]);
    expect((await byReason("bounce")).pagination.total).toBe(1);
    expect((await byReason("unsubscribe", "&search=lit")).data.map((s: { email: string }) => s.email)).toEqual(["a%c@lit.example"]);
    expect((await byReason("manual", "&search=lit")).pagination.total).toBe(0);
    expect((await byReason("manual", "&perPage=1&page=3")).data.map((s: { email: string }) => s.email)).toEqual(["alpha@shop.example"]);
  });

  it("never shows another organization's rows: GET, DELETE and adding the same address are its own (404 / 201)", async () => {
    const email = address("private");
    const mine = (await call(path, { key, body: { email } })).body.data;
    const stranger = await newOrg();
    const strangerKey = await keyFor(stranger);
    expect((await call(path, { key: strangerKey })).body).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await call(`${path}?search=${encodeURIComponent(email)}`, { key: strangerKey })).body.data).toEqual([]);
    for (const method of ["GET", "DELETE"]) {
      const res = await call(one(email), { key: strangerKey, method });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    // The stranger's own list is separate: the same address is new there.
    const theirs = await call(path, { key: strangerKey, body: { email } });
    expect(theirs.status).toBe(201);
    expect(theirs.body.data.id).not.toBe(mine.id);
    expect((await call(one(email), { key, method: "DELETE" })).status).toBe(200);
    expect((await call(one(email), { key: strangerKey })).status).toBe(200); // theirs untouched
  });

  it("audits adds and removals (suppression.created / suppression.deleted), not an add that changed nothing", async () => {
    const email = address("audited");
    const created = (await call(path, { key, body: { email } })).body.data;
    expect((await call(path, { key, body: { email } })).status).toBe(200);
    await call(one(email), { key, method: "DELETE" });
    const member = await addMemberAs(org.cookie, "member");
    const bySession = (await call(path, { cookie: member.cookie, body: { email } })).body.data;

    const entries = await db().auditLog.findMany({
      where: { orgId: org.org.id, targetType: "suppression", targetId: { in: [created.id, bySession.id] } },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => [e.action, e.targetId, e.actorType])).toEqual([
      ["suppression.created", created.id, "api_key"],
      ["suppression.deleted", created.id, "api_key"],
      ["suppression.created", bySession.id, "user"],
    ]);
    expect(entries[0].metadata).toEqual({ email, reason: "manual" });
    expect(entries[2].actorId).toBe(member.member.userId);
  });

  it("needs contacts:read to read and contacts:write to change; sessions need contacts.view / contacts.manage", async () => {
    const email = address("scoped");
    await call(path, { key, body: { email } });
    const reader = await keyFor(org, ["contacts:read"]);
    expect((await call(path, { key: reader })).status).toBe(200);
    expect((await call(one(email), { key: reader })).status).toBe(200);
    for (const [method, target, body] of [
      ["POST", path, { email: address() }],
      ["DELETE", one(email), undefined],
    ] as const) {
      const denied = await call(target, { key: reader, method, body });
      expect(denied.status, method).toBe(403);
      expect(denied.body.code).toBe("SCOPE_DENIED");
      expect(denied.body.error).toContain("contacts:write");
    }
    const writerOnly = await keyFor(org, ["contacts:write"]);
    const noRead = await call(path, { key: writerOnly });
    expect(noRead.status).toBe(403);
    expect(noRead.body.error).toContain("contacts:read");
    expect((await call(path, { key: await keyFor(org, ["templates:read", "email:send"]) })).body.code).toBe("SCOPE_DENIED");
    expect((await call(path, { key: await keyFor(org, ["*"]) })).status).toBe(200);
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { key: "mr_not-a-key" })).status).toBe(401);

    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(one(email), { cookie: viewer.cookie })).status).toBe(200);
    for (const [method, target, body] of [
      ["POST", path, { email: address() }],
      ["DELETE", one(email), undefined],
    ] as const) {
      const denied = await call(target, { cookie: viewer.cookie, method, body });
      expect(denied.status, method).toBe(403);
      expect(denied.body.code).toBe("PERMISSION_DENIED");
      expect(denied.body.error).toContain("contacts.manage");
    }
    const member = await addMemberAs(org.cookie, "member");
    expect((await call(path, { cookie: member.cookie, body: { email: address("by-member") } })).status).toBe(201);
    expect((await call(one(email), { cookie: member.cookie, method: "DELETE" })).status).toBe(200);
  });

  it("a key bound to one project reads the list and checks addresses but cannot change the organization's list", async () => {
    const email = address("bound");
    await call(path, { key, body: { email } });
    const bound = await keyFor(org, ["contacts:read", "contacts:write"], { projectId: org.project.id });
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(one(email), { key: bound })).status).toBe(200);
    for (const [method, target, body] of [
      ["POST", path, { email: address() }],
      ["DELETE", one(email), undefined],
    ] as const) {
      const denied = await call(target, { key: bound, method, body });
      expect(denied.status, method).toBe(403);
      expect(denied.body.code).toBe("SCOPE_DENIED");
      expect(denied.body.error).toMatch(/bound to one project/);
    }
    expect((await call(one(email), { key })).status).toBe(200); // still there
  });

  it("a hard bounce from the demo provider lands on the list with reason bounce and its message", async () => {
    const own = await newOrg();
    await productionMode(own.org.id);
    const k = await keyFor(own, ["email:send", "contacts:read"]);
    const sent = await call("/api/v1/email/send", { key: k, body: { to: "bounce@example.test", subject: "Hi", text: "x" } });
    expect(sent.status).toBe(200);
    const deadline = Date.now() + 15_000;
    let list = await call(`${path}?reason=bounce`, { key: k });
    while (list.body.pagination.total === 0 && Date.now() < deadline) {
      await sleep(200);
      list = await call(`${path}?reason=bounce`, { key: k });
    }
    expect(list.body.data).toEqual([
      {
        id: expect.any(String),
        email: "bounce@example.test",
        reason: "bounce",
        messageId: sent.body.data.id,
        createdAt: expect.any(String),
      },
    ]);
    expect((await call(one("Bounce@Example.test"), { key: k })).body.data).toEqual(list.body.data[0]);
    expect((await call(`${path}?reason=manual`, { key: k })).body.data).toEqual([]);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await call("/api/v1/openapi.json")).body;
    expect(Object.keys(doc.paths[path])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths[`${path}/{email}`])).toEqual(expect.arrayContaining(["get", "delete"]));
    expect(doc.paths[path].get["x-required-scope"]).toBe("contacts:read");
    expect(doc.paths[path].post["x-required-scope"]).toBe("contacts:write");
    expect(doc.paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual(["page", "perPage", "search", "reason"]);
  });
});
