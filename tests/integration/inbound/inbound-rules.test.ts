// The legacy inbound routing routes over HTTP (SPEC "Inbound routing (legacy paths)"; DESIGN §4
// for keys): rule CRUD with SPEC's fields and paging, save-time validation with the failing
// path, audit entries, who may read and who may write, and POST /api/inbound/test, the dry run
// that evaluates the enabled rules in priority order and executes nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { call } from "../../helpers/http";
import { addMemberAs, createKey, newOrg } from "../../helpers/factory";
import { startReceiver, type Receiver } from "../../helpers/webhook-receiver";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;
type Rule = {
  id: string;
  name: string;
  priority: number;
  isEnabled: boolean;
  conditions: unknown[];
  actions: unknown[];
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

const RULES = "/api/inbound/rules";
const TEST = "/api/inbound/test";
const SPEC_FIELDS = ["actions", "conditions", "createdAt", "id", "isEnabled", "metadata", "name", "priority", "updatedAt"];
const hex = (n = 4) => randomBytes(n).toString("hex");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const subjectHas = (value: string) => ({ field: "subject", operator: "contains", value });
const ruleBody = (extra: Record<string, unknown> = {}) => ({
  name: `rule ${hex()}`,
  conditions: [subjectHas("invoice")],
  actions: [{ type: "store" }],
  ...extra,
});

async function createRule(org: Org, extra: Record<string, unknown> = {}): Promise<Rule> {
  const res = await call(RULES, { cookie: org.cookie, body: ruleBody(extra) });
  if (res.status !== 200) throw new Error(`rule create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Rule;
}

const ruleCount = (org: Org) => db().inboundRule.count({ where: { orgId: org.org.id } });
const auditsOf = (org: Org, action: string) =>
  db().auditLog.findMany({ where: { orgId: org.org.id, action }, orderBy: { createdAt: "asc" } });

/** An org-wide webhook endpoint of `org` on the local receiver (private URLs are allowed in tests). */
async function endpointOf(org: Org): Promise<{ id: string; path: string }> {
  const { key } = await createKey(org.cookie, ["webhooks:write"]);
  const path = `/inbound-rules-${hex()}`;
  const res = await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url(path) } });
  if (res.status !== 201) throw new Error(`endpoint create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id, path };
}

async function templateOf(org: Org): Promise<string> {
  const { key } = await createKey(org.cookie, ["templates:write"]);
  const res = await call("/api/v1/templates", { key, body: { name: `tpl ${hex()}`, subject: "Thanks", text: "We got it" } });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

describe("rules CRUD", () => {
  it("POST answers 200 with exactly SPEC's fields, defaults filled in, and audits inbound_rule.created", async () => {
    const org = await newOrg();
    const body = {
      name: "Invoices",
      conditions: [subjectHas("invoice")],
      actions: [{ type: "tag", tags: ["billing"] }, { type: "store" }],
    };
    const res = await call(RULES, { cookie: org.cookie, body });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(SPEC_FIELDS);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Invoices",
      priority: 100,
      isEnabled: true,
      conditions: body.conditions,
      actions: body.actions,
      metadata: {},
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);

    const explicit = {
      name: "Off for now",
      priority: 7,
      isEnabled: false,
      conditions: [{ any: [subjectHas("a"), { field: "size", operator: "gt", value: 10 }] }],
      actions: [{ type: "drop" }],
      metadata: { owner: "ops", n: 1 },
    };
    const second = await call(RULES, { cookie: org.cookie, body: explicit });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ...explicit, id: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String) });

    const audits = await auditsOf(org, "inbound_rule.created");
    expect(audits.map((a) => ({ targetType: a.targetType, targetId: a.targetId, actorType: a.actorType, actorId: a.actorId }))).toEqual([
      { targetType: "inbound_rule", targetId: res.body.id, actorType: "user", actorId: org.user.id },
      { targetType: "inbound_rule", targetId: second.body.id, actorType: "user", actorId: org.user.id },
    ]);
  });

  it("GET pages {data, total, page, pageSize} with pageSize 25 by default, in priority order then creation order", async () => {
    const org = await newOrg();
    const created: Rule[] = [];
    // 27 rules, priorities out of creation order: 30, 10, 20, 30, 10, 20, ...
    for (let i = 0; i < 27; i++) created.push(await createRule(org, { name: `r${i}`, priority: [30, 10, 20][i % 3] }));
    const expected = [...created].sort((a, b) => a.priority - b.priority || created.indexOf(a) - created.indexOf(b));

    const first = await call(RULES, { cookie: org.cookie });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["data", "page", "pageSize", "total"]);
    expect(first.body).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.body.data).toHaveLength(25);
    expect(first.body.data[0]).toEqual(expected[0]);
    for (const r of first.body.data) expect(Object.keys(r).sort()).toEqual(SPEC_FIELDS);

    const second = await call(`${RULES}?page=2`, { cookie: org.cookie });
    expect(second.body).toMatchObject({ total: 27, page: 2, pageSize: 25 });
    expect([...first.body.data, ...second.body.data].map((r: Rule) => r.id)).toEqual(expected.map((r) => r.id));

    const small = await call(`${RULES}?page=3&pageSize=10`, { cookie: org.cookie });
    expect(small.body).toMatchObject({ total: 27, page: 3, pageSize: 10 });
    expect(small.body.data.map((r: Rule) => r.id)).toEqual(expected.slice(20, 27).map((r) => r.id));
    const beyond = await call(`${RULES}?page=4&pageSize=10`, { cookie: org.cookie });
    expect(beyond.body).toEqual({ data: [], total: 27, page: 4, pageSize: 10 });

    for (const q of ["page=0", "pageSize=0", "pageSize=abc"]) {
      const bad = await call(`${RULES}?${q}`, { cookie: org.cookie });
      expect(bad.status, q).toBe(400);
      expect(bad.body.code, q).toBe("VALIDATION_ERROR");
    }
  });

  it("PUT changes only the supplied fields, the others keep their values; audits inbound_rule.updated", async () => {
    const org = await newOrg();
    const rule = await createRule(org, { name: "Original", priority: 5, metadata: { team: "billing" } });
    await sleep(5);

    const renamed = await call(`${RULES}/${rule.id}`, { method: "PUT", cookie: org.cookie, body: { name: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(Object.keys(renamed.body).sort()).toEqual(SPEC_FIELDS);
    expect(renamed.body).toEqual({ ...rule, name: "Renamed", updatedAt: expect.any(String) });
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThan(Date.parse(rule.updatedAt));

    const disabled = await call(`${RULES}/${rule.id}`, { method: "PUT", cookie: org.cookie, body: { isEnabled: false, priority: 0 } });
    expect(disabled.body).toEqual({ ...rule, name: "Renamed", isEnabled: false, priority: 0, updatedAt: expect.any(String) });

    const conditions = [{ field: "from", operator: "ends_with", value: "@partner.test" }];
    const actions = [{ type: "tag", tags: ["partner"] }];
    const replaced = await call(`${RULES}/${rule.id}`, { method: "PUT", cookie: org.cookie, body: { conditions, actions, metadata: {} } });
    expect(replaced.body).toEqual({
      ...rule,
      name: "Renamed",
      isEnabled: false,
      priority: 0,
      conditions,
      actions,
      metadata: {},
      updatedAt: expect.any(String),
    });

    // An empty body changes nothing.
    const same = await call(`${RULES}/${rule.id}`, { method: "PUT", cookie: org.cookie, body: {} });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ ...replaced.body, updatedAt: expect.any(String) });

    const listed = await call(RULES, { cookie: org.cookie });
    expect(listed.body.data).toEqual([same.body]);
    const audits = await auditsOf(org, "inbound_rule.updated");
    expect(audits).toHaveLength(4);
    expect(audits.every((a) => a.targetId === rule.id && a.targetType === "inbound_rule" && a.actorType === "user")).toBe(true);
  });

  it("DELETE answers {deleted: true}, then 404; audits inbound_rule.deleted", async () => {
    const org = await newOrg();
    const keep = await createRule(org);
    const rule = await createRule(org);
    const del = await call(`${RULES}/${rule.id}`, { method: "DELETE", cookie: org.cookie });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    for (const method of ["DELETE", "PUT"]) {
      const again = await call(`${RULES}/${rule.id}`, { method, cookie: org.cookie, ...(method === "PUT" ? { body: { name: "x" } } : {}) });
      expect(again.status, method).toBe(404);
      expect(again.body.error, method).toEqual(expect.any(String));
    }
    expect((await call(RULES, { cookie: org.cookie })).body).toMatchObject({ data: [keep], total: 1 });
    const audits = await auditsOf(org, "inbound_rule.deleted");
    expect(audits.map((a) => [a.targetId, a.actorType])).toEqual([[rule.id, "user"]]);
  });

  it("404 for unknown ids and for another organization's rule (PUT and DELETE, which stays untouched); 400 for a non-uuid id", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const theirs = await createRule(other, { name: "Theirs" });
    for (const id of [randomUUID(), theirs.id]) {
      const put = await call(`${RULES}/${id}`, { method: "PUT", cookie: org.cookie, body: { name: "Mine now" } });
      expect(put.status, id).toBe(404);
      expect(put.body).toEqual({ error: expect.any(String), code: "NOT_FOUND" });
      const del = await call(`${RULES}/${id}`, { method: "DELETE", cookie: org.cookie });
      expect(del.status, id).toBe(404);
      expect(del.body.code).toBe("NOT_FOUND");
    }
    expect(await db().inboundRule.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ name: "Theirs", orgId: other.org.id });
    // Nor is it listed or evaluated for the first organization.
    expect((await call(RULES, { cookie: org.cookie })).body).toEqual({ data: [], total: 0, page: 1, pageSize: 25 });
    expect(
      (await call(TEST, { cookie: org.cookie, body: { from: "a@example.test", to: "b@example.test", subject: "invoice" } })).body,
    ).toEqual({ matchedRules: [], totalRulesEvaluated: 0 });
    expect(await db().auditLog.count({ where: { orgId: org.org.id, targetType: "inbound_rule" } })).toBe(0);

    for (const id of ["not-a-uuid", "123"]) {
      const put = await call(`${RULES}/${id}`, { method: "PUT", cookie: org.cookie, body: { name: "x" } });
      expect(put.status, id).toBe(400);
      expect(put.body.code).toBe("VALIDATION_ERROR");
      expect(put.body.error).toMatch(/params\.id/);
      const del = await call(`${RULES}/${id}`, { method: "DELETE", cookie: org.cookie });
      expect(del.status, id).toBe(400);
      expect(del.body.code).toBe("VALIDATION_ERROR");
    }
  });
});

describe("rule validation", () => {
  it("refuses bad bodies with 400 {error, code: VALIDATION_ERROR} naming the failing path, and creates nothing", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const theirEndpoint = await endpointOf(other);
    const theirTemplate = await templateOf(other);
    const ownEndpoint = await endpointOf(org);
    const ok = ruleBody();
    const cases: [unknown, RegExp][] = [
      [{ conditions: ok.conditions, actions: ok.actions }, /body\.name/],
      [{ ...ok, name: "   " }, /body\.name/],
      [{ name: ok.name, actions: ok.actions }, /body\.conditions/],
      [{ name: ok.name, conditions: ok.conditions }, /body\.actions/],
      [{ ...ok, conditions: [] }, /body\.conditions/],
      [{ ...ok, actions: [] }, /body\.actions/],
      [{ ...ok, conditions: [{ field: "subject", operator: "like", value: "x" }] }, /body\.conditions\.0\.operator/],
      [{ ...ok, conditions: [subjectHas("ok"), { field: "planet", operator: "equals", value: "x" }] }, /body\.conditions\.1\.field/],
      [
        { ...ok, conditions: [{ any: [subjectHas("a"), { field: "subject", operator: "nope", value: "b" }] }] },
        /body\.conditions\.0\.any\.1\.operator/,
      ],
      [{ ...ok, conditions: [{ field: "subject", operator: "matches", value: "(unclosed" }] }, /body\.conditions\.0\.value/],
      [{ ...ok, conditions: [{ field: "body", operator: "matches", value: "(a)\\1" }] }, /body\.conditions\.0\.value/],
      [{ ...ok, conditions: [{ field: "header", name: "Bad Name", operator: "equals", value: "x" }] }, /body\.conditions\.0\.name/],
      [{ ...ok, conditions: [{ field: "size", operator: "contains", value: 5 }] }, /body\.conditions\.0\.operator/],
      [{ ...ok, actions: [{ type: "teleport" }] }, /body\.actions\.0/],
      [{ ...ok, actions: [{ type: "drop" }, { type: "store" }] }, /body\.actions\.0/],
      [{ ...ok, actions: [{ type: "webhook", endpointId: "nope" }] }, /body\.actions\.0\.endpointId/],
      [{ ...ok, actions: [{ type: "webhook", endpointId: theirEndpoint.id }] }, /body\.actions\.0\.endpointId/],
      [{ ...ok, actions: [{ type: "store" }, { type: "webhook", endpointId: randomUUID() }] }, /body\.actions\.1\.endpointId/],
      [
        {
          ...ok,
          actions: [
            { type: "webhook", endpointId: ownEndpoint.id },
            { type: "webhook", endpointId: theirEndpoint.id },
          ],
        },
        /body\.actions\.1\.endpointId/,
      ],
      [{ ...ok, actions: [{ type: "auto_reply", templateId: theirTemplate }] }, /body\.actions\.0\.templateId/],
      [{ ...ok, actions: [{ type: "forward", to: ["not an address"] }] }, /body\.actions\.0\.to/],
      [{ ...ok, priority: "high" }, /body\.priority/],
      [{ ...ok, priority: 1.5 }, /body\.priority/],
      [{ ...ok, isEnabled: "yes" }, /body\.isEnabled/],
      [{ ...ok, metadata: ["x"] }, /body\.metadata/],
      [{ ...ok, conditions: subjectHas("x") }, /body\.conditions/],
    ];
    for (const [body, path] of cases) {
      const res = await call(RULES, { cookie: org.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ error: expect.any(String), code: "VALIDATION_ERROR" });
      expect(res.body.error, JSON.stringify(body)).toMatch(path);
    }
    const malformed = await call(RULES, { cookie: org.cookie, raw: "{not json", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("VALIDATION_ERROR");
    expect(await ruleCount(org)).toBe(0);
    expect(await auditsOf(org, "inbound_rule.created")).toEqual([]);

    // The organization's own endpoint is accepted.
    const own = await call(RULES, { cookie: org.cookie, body: { ...ok, actions: [{ type: "webhook", endpointId: ownEndpoint.id }] } });
    expect(own.status).toBe(200);
    expect(await ruleCount(org)).toBe(1);
  });

  it("deeply nested conditions are a 400, not a crash", async () => {
    const org = await newOrg();
    let conditions: unknown = [subjectHas("x")];
    for (let i = 0; i < 1000; i++) conditions = [{ any: conditions }];
    const res = await call(RULES, { cookie: org.cookie, body: ruleBody({ conditions }) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(await ruleCount(org)).toBe(0);
  });

  it("an organization has at most 200 rules (403 PLAN_LIMIT_REACHED past that)", async () => {
    const org = await newOrg();
    await db().inboundRule.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        orgId: org.org.id,
        name: `r${i}`,
        conditions: [subjectHas("x")],
        actions: [{ type: "store" }],
      })),
    });
    const res = await call(RULES, { cookie: org.cookie, body: ruleBody() });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PLAN_LIMIT_REACHED");
    expect(await ruleCount(org)).toBe(200);
  });

  it("PUT validates the same way and leaves the rule unchanged", async () => {
    const org = await newOrg();
    const other = await newOrg();
    const theirEndpoint = await endpointOf(other);
    const rule = await createRule(org);
    const cases: [unknown, RegExp][] = [
      [{ conditions: [{ field: "subject", operator: "matches", value: "[z-a]" }] }, /body\.conditions\.0\.value/],
      [{ actions: [{ type: "webhook", endpointId: theirEndpoint.id }] }, /body\.actions\.0\.endpointId/],
      [{ name: "" }, /body\.name/],
      [{ priority: -1 }, /body\.priority/],
      [{ id: randomUUID() }, /body/],
    ];
    for (const [body, path] of cases) {
      const res = await call(`${RULES}/${rule.id}`, { method: "PUT", cookie: org.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error, JSON.stringify(body)).toMatch(path);
    }
    expect((await call(RULES, { cookie: org.cookie })).body.data).toEqual([rule]);
    expect(await auditsOf(org, "inbound_rule.updated")).toEqual([]);
  });
});

describe("who may read and write rules", () => {
  it("a member session may list rules and test them, but gets 403 PERMISSION_DENIED on POST, PUT and DELETE; an admin may write", async () => {
    const org = await newOrg();
    const rule = await createRule(org);
    const member = await addMemberAs(org.cookie, "member");
    const list = await call(RULES, { cookie: member.cookie });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([rule]);
    const tested = await call(TEST, {
      cookie: member.cookie,
      body: { from: "a@example.test", to: "b@example.test", subject: "invoice 7" },
    });
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ matchedRules: [rule], totalRulesEvaluated: 1 });

    const writes = [
      call(RULES, { cookie: member.cookie, body: ruleBody() }),
      call(`${RULES}/${rule.id}`, { method: "PUT", cookie: member.cookie, body: { name: "hijacked" } }),
      call(`${RULES}/${rule.id}`, { method: "DELETE", cookie: member.cookie }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: "PERMISSION_DENIED" });
    }
    expect((await call(RULES, { cookie: org.cookie })).body.data).toEqual([rule]);

    const admin = await addMemberAs(org.cookie, "admin");
    const byAdmin = await call(RULES, { cookie: admin.cookie, body: ruleBody() });
    expect(byAdmin.status).toBe(200);
    expect((await call(`${RULES}/${byAdmin.body.id}`, { method: "PUT", cookie: admin.cookie, body: { priority: 1 } })).status).toBe(200);
    expect((await call(`${RULES}/${byAdmin.body.id}`, { method: "DELETE", cookie: admin.cookie })).body).toEqual({ deleted: true });
  });

  it("keys: inbox:read may GET and test but not write (403 SCOPE_DENIED); org:write may write (audited as the key); no credentials 401", async () => {
    const org = await newOrg();
    const rule = await createRule(org);
    const reader = (await createKey(org.cookie, ["inbox:read"])).key;
    const list = await call(RULES, { key: reader });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [rule], total: 1, page: 1, pageSize: 25 });
    const tested = await call(TEST, { key: reader, body: { from: "a@example.test", to: "b@example.test", subject: "Invoice" } });
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({ matchedRules: [rule], totalRulesEvaluated: 1 });
    for (const res of [
      await call(RULES, { key: reader, body: ruleBody() }),
      await call(`${RULES}/${rule.id}`, { method: "PUT", key: reader, body: { name: "x" } }),
      await call(`${RULES}/${rule.id}`, { method: "DELETE", key: reader }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String), code: "SCOPE_DENIED" });
    }

    const writer = await createKey(org.cookie, ["org:write"]);
    const created = await call(RULES, { key: writer.key, body: ruleBody({ name: "by key" }) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: "by key", priority: 100, isEnabled: true });
    const audit = await db().auditLog.findFirstOrThrow({
      where: { orgId: org.org.id, action: "inbound_rule.created", targetId: created.body.id },
    });
    expect(audit).toMatchObject({ actorType: "api_key", actorId: writer.id });
    expect(
      (await call(`${RULES}/${created.body.id}`, { method: "PUT", key: writer.key, body: { name: "renamed by key" } })).body.name,
    ).toBe("renamed by key");
    expect((await call(`${RULES}/${created.body.id}`, { method: "DELETE", key: writer.key })).body).toEqual({ deleted: true });
    // org:write alone does not read (GET and the test need inbox:read).
    expect((await call(RULES, { key: writer.key })).body.code).toBe("SCOPE_DENIED");
    expect((await call(TEST, { key: writer.key, body: { from: "a@example.test", to: "b@example.test", subject: "x" } })).body.code).toBe(
      "SCOPE_DENIED",
    );

    for (const res of [
      await call(RULES),
      await call(RULES, { body: ruleBody() }),
      await call(`${RULES}/${rule.id}`, { method: "PUT", body: { name: "x" } }),
      await call(`${RULES}/${rule.id}`, { method: "DELETE" }),
      await call(TEST, { body: { from: "a@example.test", to: "b@example.test", subject: "x" } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual(expect.any(String));
    }
    const invalid = await call(RULES, { key: "mr_live_not_a_real_key" });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ error: "Invalid API key" });
    expect(await ruleCount(org)).toBe(1);
  });
});

describe("POST /api/inbound/test", () => {
  const email = (extra: Record<string, unknown> = {}) => ({
    from: "alice@example.test",
    to: "support@acme.test",
    subject: "Invoice 42",
    ...extra,
  });

  it("answers {matchedRules, totalRulesEvaluated}: enabled rules only, in priority order, each match a full rule", async () => {
    const org = await newOrg();
    // Created in an order unlike their priorities.
    const late = await createRule(org, { name: "late", priority: 50, actions: [{ type: "tag", tags: ["late"] }] });
    const first = await createRule(org, {
      name: "first",
      priority: 1,
      conditions: [{ field: "from", operator: "ends_with", value: "@example.test" }],
      actions: [{ type: "tag", tags: ["a"] }],
    });
    await createRule(org, {
      name: "disabled",
      priority: 0,
      isEnabled: false,
      conditions: [subjectHas("invoice")],
      actions: [{ type: "drop" }],
    });
    await createRule(org, { name: "no match", priority: 20, conditions: [subjectHas("receipt")] });
    const middle = await createRule(org, {
      name: "middle",
      priority: 20,
      conditions: [{ field: "to", operator: "equals", value: "SUPPORT@acme.test" }],
      actions: [{ type: "store" }],
    });

    const res = await call(TEST, { cookie: org.cookie, body: email() });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["matchedRules", "totalRulesEvaluated"]);
    expect(res.body.matchedRules).toEqual([first, middle, late]);
    expect(res.body.totalRulesEvaluated).toBe(4);
    for (const r of res.body.matchedRules) expect(Object.keys(r).sort()).toEqual(SPEC_FIELDS);

    // Disabling a rule takes it out of the evaluation.
    await call(`${RULES}/${first.id}`, { method: "PUT", cookie: org.cookie, body: { isEnabled: false } });
    const after = await call(TEST, { cookie: org.cookie, body: email() });
    expect(after.body).toEqual({ matchedRules: [middle, late], totalRulesEvaluated: 3 });
  });

  it("a matching stop or drop rule ends evaluation (the count says so); a stop rule that does not match does not", async () => {
    const org = await newOrg();
    const tagged = await createRule(org, { priority: 10, actions: [{ type: "tag", tags: ["billing"] }] });
    const unmatchedStop = await createRule(org, { priority: 15, conditions: [subjectHas("nomatch")], actions: [{ type: "stop" }] });
    const stopper = await createRule(org, {
      priority: 20,
      conditions: [subjectHas("stop-here")],
      actions: [{ type: "store" }, { type: "stop" }],
    });
    const dropper = await createRule(org, { priority: 30, conditions: [subjectHas("drop-here")], actions: [{ type: "drop" }] });
    const last = await createRule(org, { priority: 40, actions: [{ type: "store" }] });
    expect(unmatchedStop.id).toEqual(expect.any(String));

    const stopped = await call(TEST, { cookie: org.cookie, body: email({ subject: "invoice stop-here drop-here" }) });
    expect(stopped.body).toEqual({ matchedRules: [tagged, stopper], totalRulesEvaluated: 3 });
    const dropped = await call(TEST, { cookie: org.cookie, body: email({ subject: "invoice drop-here" }) });
    expect(dropped.body).toEqual({ matchedRules: [tagged, dropper], totalRulesEvaluated: 4 });
    const all = await call(TEST, { cookie: org.cookie, body: email({ subject: "invoice" }) });
    expect(all.body).toEqual({ matchedRules: [tagged, last], totalRulesEvaluated: 5 });
  });

  it("evaluates header conditions against the headers object (names case-insensitive), and body, cc and size conditions", async () => {
    const org = await newOrg();
    const urgent = await createRule(org, {
      name: "urgent",
      conditions: [{ field: "header", name: "X-Priority", operator: "equals", value: "1" }],
    });
    const listMail = await createRule(org, {
      name: "list",
      conditions: [{ field: "header", name: "list-id", operator: "matches", value: "^<news\\.[a-z]+\\.test>$" }],
    });
    const body = await createRule(org, { name: "body", conditions: [{ field: "body", operator: "contains", value: "refund" }] });
    const cc = await createRule(org, { name: "cc", conditions: [{ field: "cc", operator: "equals", value: "boss@acme.test" }] });
    const big = await createRule(org, { name: "big", conditions: [{ field: "size", operator: "gt", value: 1000 }] });
    const test = async (extra: Record<string, unknown>) =>
      (await call(TEST, { cookie: org.cookie, body: email({ subject: "hello", ...extra }) })).body;

    expect(await test({ headers: { "x-priority": "1" } })).toEqual({ matchedRules: [urgent], totalRulesEvaluated: 5 });
    expect(await test({ headers: { "X-PRIORITY": "1", "List-Id": "<news.acme.test>" } })).toEqual({
      matchedRules: [urgent, listMail],
      totalRulesEvaluated: 5,
    });
    expect(await test({ headers: { "X-Priority": "3" } })).toEqual({ matchedRules: [], totalRulesEvaluated: 5 });
    expect(await test({})).toEqual({ matchedRules: [], totalRulesEvaluated: 5 });
    expect(await test({ body: "I want a REFUND please", cc: "Boss <boss@acme.test>" })).toEqual({
      matchedRules: [body, cc],
      totalRulesEvaluated: 5,
    });
    expect(await test({ size: 5000 })).toEqual({ matchedRules: [big], totalRulesEvaluated: 5 });
    expect(await test({ body: "x".repeat(1200) })).toEqual({ matchedRules: [big], totalRulesEvaluated: 5 });
  });

  it("takes SPEC's types as they are: from any string, size any number, header values numbers or booleans as text", async () => {
    const org = await newOrg();
    const fromRule = await createRule(org, { name: "from", conditions: [{ field: "from", operator: "equals", value: "mailer" }] });
    const res = await call(TEST, {
      cookie: org.cookie,
      body: { ...email(), from: "MAILER", size: 12.5, headers: { "X-Priority": 1, "X-Flag": true } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matchedRules: [fromRule], totalRulesEvaluated: 1 });
  });

  it("400 when from, to or subject is missing or invalid, naming the field", async () => {
    const org = await newOrg();
    await createRule(org);
    const full = email();
    const cases: [unknown, RegExp][] = [
      [{ to: full.to, subject: full.subject }, /body\.from/],
      [{ from: full.from, subject: full.subject }, /body\.to/],
      [{ from: full.from, to: full.to }, /body\.subject/],
      [{ ...full, from: "" }, /body\.from/],
      [{ ...full, size: "big" }, /body\.size/],
      [{ ...full, headers: ["X-Priority: 1"] }, /body\.headers/],
      [{ ...full, headers: { "X-Priority": { nested: 1 } } }, /body\.headers/],
    ];
    for (const [body, path] of cases) {
      const res = await call(TEST, { cookie: org.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(path), code: "VALIDATION_ERROR" });
    }
  });

  it("executes nothing: no inbound message recorded, no webhook delivery, no forward or auto-reply sent", async () => {
    const org = await newOrg();
    const endpoint = await endpointOf(org);
    const templateId = await templateOf(org);
    await call("/api/safety/test-lists", {
      cookie: org.cookie,
      body: { name: "team", emails: ["ops@example.test", "alice@example.test"] },
    });
    const rules = [
      await createRule(org, { priority: 1, actions: [{ type: "webhook", endpointId: endpoint.id }] }),
      await createRule(org, { priority: 2, actions: [{ type: "forward", to: ["ops@example.test"] }] }),
      await createRule(org, { priority: 3, actions: [{ type: "auto_reply", templateId }] }),
      await createRule(org, { priority: 4, actions: [{ type: "tag", tags: ["seen"] }, { type: "store" }] }),
    ];
    const res = await call(TEST, { cookie: org.cookie, body: email() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matchedRules: rules, totalRulesEvaluated: 4 });
    await sleep(1_000); // anything queued would have run by now (JOB_POLL_MS=100)
    expect(await db().inboundMessage.count({ where: { orgId: org.org.id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { orgId: org.org.id } })).toBe(0);
    expect(await db().message.count({ where: { orgId: org.org.id } })).toBe(0);
    expect(receiver.received.filter((r) => r.path === endpoint.path)).toEqual([]);
  });

  it("a pathological regex ((a+)+$) against a 60 KB body (regular expressions read a value's first 64 KiB) answers promptly, and the server keeps answering other routes meanwhile", async () => {
    const org = await newOrg();
    const evil = await createRule(org, { name: "evil", conditions: [{ field: "body", operator: "matches", value: "(a+)+$" }] });
    const body = `${"a".repeat(60 * 1024)}!`;
    const started = Date.now();
    let done = false;
    const pending = call(TEST, { cookie: org.cookie, body: email({ body }) }).finally(() => {
      done = true;
    });
    // The other routes, on the same server, while it runs.
    const health: { status: number; ms: number }[] = [];
    while (!done && Date.now() - started < 20_000) {
      const t = Date.now();
      const h = await fetch(`${inject("baseUrl")}/api/health`, { signal: AbortSignal.timeout(20_000) });
      health.push({ status: h.status, ms: Date.now() - t });
      await sleep(20);
    }
    const res = await pending;
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ matchedRules: [], totalRulesEvaluated: 1 });
    expect(elapsed).toBeLessThan(5_000);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((h) => h.status === 200)).toBe(true);
    expect(Math.max(...health.map((h) => h.ms))).toBeLessThan(2_000);
    // The same pattern does match when the body ends in a's.
    const matching = await call(TEST, { cookie: org.cookie, body: email({ body: "a".repeat(60 * 1024) }) });
    expect(matching.body).toEqual({ matchedRules: [evil], totalRulesEvaluated: 1 });
  });
});
