// /api/v1/templates: CRUD in the envelope, versions (every content change keeps the previous
// one; ?version= reads it), save-time checks of the Handlebars source, preview with sample
// values, scopes and 404 for another organization's template.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const path = "/api/v1/templates";
let n = 0;
const named = (prefix = "tpl") => `${prefix}-${Date.now()}-${n++}`;

const welcome = () => ({
  name: named("welcome"),
  subject: "Welcome {{name}}",
  html: "<h1>Hi {{name}}</h1><p>Your plan: {{plan}}</p>",
  text: "Hi {{name}}, your plan: {{plan}}",
  variables: [
    { name: "name", required: true },
    { name: "plan", default: "Free" },
  ],
});

/** {{#each}} nested `depth` deep, each level over the same top-level list. */
const nestedEach = (depth: number) => `${"{{#each @root.items}}".repeat(depth)}x${"{{/each}}".repeat(depth)}`;
const EACH_4 = nestedEach(4);

/** Times `/api/health/live` answers while `work` runs: each probe's round trip in milliseconds. */
async function liveWhile<T>(work: Promise<T>): Promise<{ result: T; probes: number[] }> {
  const probes: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await call("/api/health/live")).status).toBe(200);
      probes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work, probes };
  } finally {
    done = true;
    await probing;
  }
}

describe("templates", () => {
  let org: Awaited<ReturnType<typeof newOrg>>;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  // A fresh key per test: each key has its own 60-a-minute request allowance.
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["templates:read", "templates:write"])).key;
  });

  it("creates with 201 and the template in the envelope; GET reads it back", async () => {
    const body = welcome();
    const res = await call(path, { key, body });
    expect(res.status).toBe(201);
    expect(res.body.requestId).toMatch(/^req_/);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: body.name,
      version: 1,
      subject: body.subject,
      html: body.html,
      text: body.text,
      variables: [
        { name: "name", required: true, default: null },
        { name: "plan", required: false, default: "Free" },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const got = await call(`${path}/${res.body.data.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(res.body.data);
    const audit = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, targetId: res.body.data.id } });
    expect(audit).toMatchObject({ action: "template.created", targetType: "template", actorType: "api_key" });
  });

  it("accepts html only or text only, and refuses neither", async () => {
    const htmlOnly = await call(path, { key, body: { name: named(), subject: "S", html: "<p>x</p>" } });
    expect(htmlOnly.status).toBe(201);
    expect(htmlOnly.body.data).toMatchObject({ html: "<p>x</p>", text: null, variables: [] });
    expect((await call(path, { key, body: { name: named(), subject: "S", text: "x" } })).body.data).toMatchObject({
      html: null,
      text: "x",
    });
    const neither = await call(path, { key, body: { name: named(), subject: "S" } });
    expect(neither.status).toBe(400);
    expect(neither.body.error).toMatch(/body\.html: give html, text or both/);
  });

  it("validates every field", async () => {
    const ok = { name: named(), subject: "S", text: "x" };
    const cases: [unknown, RegExp][] = [
      [{ subject: "S", text: "x" }, /body\.name/],
      [{ ...ok, subject: undefined }, /body\.subject/],
      [{ ...ok, subject: "Hi\r\nBcc: x@evil.test" }, /body\.subject: no line breaks/],
      [{ ...ok, variables: [{ name: "first name" }] }, /body\.variables\.0\.name/],
      [{ ...ok, variables: [{ name: "if" }] }, /reserved/],
      [{ ...ok, variables: [{ name: "__proto__" }] }, /reserved/],
      [{ ...ok, variables: [{ name: "a" }, { name: "a" }] }, /variable names must be unique/],
      [{ ...ok, variables: [{ name: "a", default: { x: 1 } }] }, /body\.variables\.0\.default/],
      [{ ...ok, variables: [{ name: "a", type: "string" }] }, /body\.variables\.0/],
      [{ ...ok, version: 2 }, /body/],
    ];
    for (const [body, message] of cases) {
      const res = await call(path, { key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(message);
    }
  });

  it("refuses a second template with the same name in one organization (409), not in another", async () => {
    const body = welcome();
    expect((await call(path, { key, body })).status).toBe(201);
    const again = await call(path, { key, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    const other = await newOrg();
    const otherKey = (await createKey(other.cookie, ["templates:write"])).key;
    expect((await call(path, { key: otherKey, body })).status).toBe(201);
  });

  describe("save-time checks", () => {
    const cases: [string, Record<string, string>, RegExp][] = [
      ["an unknown helper in html", { html: "<p>{{formatDate when}}</p>" }, /body\.html: unknown helper "formatDate" on line 1/],
      ["an unknown block helper", { text: "a\n{{#repeat 3}}x{{/repeat}}" }, /body\.text: unknown helper "repeat" on line 2/],
      ["an unknown helper in the subject", { subject: "Hi {{upper name}}" }, /body\.subject: unknown helper "upper"/],
      ["a partial", { html: "<p>x</p>\n{{> footer}}" }, /body\.html: partial "footer" on line 2: partials are not supported/],
      ["an inline partial", { html: '{{#*inline "row"}}x{{/inline}}' }, /body\.html: decorator "inline"/],
      ["a syntax error", { html: "<p>ok</p>\n<p>{{name</p>" }, /body\.html: syntax error on line 2/],
      ["a mismatched block", { text: "{{#if a}}x{{/each}}" }, /body\.text: syntax error on line 1: if doesn't match each/],
      // Each level of {{#each}} multiplies a render's work: four levels are refused at save.
      ["{{#each}} nested four deep", { html: EACH_4 }, /body\.html: \{\{#each\}\} on line 1 is nested 4 deep: at most 3 levels/],
      [
        "blocks nested eleven deep",
        { text: `${"{{#if a}}".repeat(11)}x${"{{/if}}".repeat(11)}` },
        /body\.text: the block on line 1 is nested 11 deep: at most 10 blocks/,
      ],
    ];
    it.each(cases)("refuses %s with 400 naming it, on create and on update", async (_name, parts, message) => {
      const create = await call(path, { key, body: { name: named(), subject: "S", html: "<p>x</p>", ...parts } });
      expect(create.status).toBe(400);
      expect(create.body.code).toBe("VALIDATION_ERROR");
      expect(create.body.error).toMatch(message);
      const created = (await call(path, { key, body: { name: named(), subject: "S", html: "<p>x</p>" } })).body.data;
      const update = await call(`${path}/${created.id}`, { key, method: "PATCH", body: parts });
      expect(update.status).toBe(400);
      expect(update.body.error).toMatch(message);
      expect((await call(`${path}/${created.id}`, { key })).body.data.version).toBe(1); // nothing saved
    });
  });

  it("PATCH adds a version and keeps the previous one; ?version= and /versions read the history", async () => {
    const v1 = (await call(path, { key, body: welcome() })).body.data;
    const patched = await call(`${path}/${v1.id}`, { key, method: "PATCH", body: { subject: "Hello again {{name}}" } });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      id: v1.id,
      version: 2,
      subject: "Hello again {{name}}",
      html: v1.html,
      text: v1.text,
      variables: v1.variables,
    });
    const v3 = await call(`${path}/${v1.id}`, { key, method: "PATCH", body: { text: null, variables: [] } });
    expect(v3.body.data).toMatchObject({ version: 3, subject: "Hello again {{name}}", html: v1.html, text: null, variables: [] });

    expect((await call(`${path}/${v1.id}`, { key })).body.data).toMatchObject({ version: 3, text: null });
    const old = await call(`${path}/${v1.id}?version=1`, { key });
    expect(old.status).toBe(200);
    expect(old.body.data).toEqual({ ...v1, updatedAt: expect.any(String) });
    expect((await call(`${path}/${v1.id}?version=2`, { key })).body.data).toMatchObject({
      version: 2,
      subject: "Hello again {{name}}",
      text: v1.text,
    });
    const missing = await call(`${path}/${v1.id}?version=9`, { key });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("NOT_FOUND");
    expect((await call(`${path}/${v1.id}?version=zero`, { key })).status).toBe(400);

    const history = await call(`${path}/${v1.id}/versions`, { key });
    expect(history.status).toBe(200);
    expect(history.body.pagination).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(history.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(history.body.data[2]).toEqual({
      version: 1,
      subject: v1.subject,
      html: v1.html,
      text: v1.text,
      variables: v1.variables,
      createdBy: expect.stringMatching(/^api_key:/),
      createdAt: expect.any(String),
    });
    expect(
      (await call(`${path}/${v1.id}/versions?perPage=1&page=3`, { key })).body.data.map((v: { version: number }) => v.version),
    ).toEqual([1]);

    const audit = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: v1.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, (a.metadata as { version: number }).version])).toEqual([
      ["template.created", 1],
      ["template.updated", 2],
      ["template.updated", 3],
    ]);
  });

  it("a rename keeps the version; an empty PATCH changes nothing; removing both parts is refused", async () => {
    const t = (await call(path, { key, body: { name: named(), subject: "S", html: "<p>x</p>" } })).body.data;
    const renamed = await call(`${path}/${t.id}`, { key, method: "PATCH", body: { name: `${t.name}-renamed` } });
    expect(renamed.body.data).toMatchObject({ name: `${t.name}-renamed`, version: 1 });
    expect((await call(`${path}/${t.id}`, { key, method: "PATCH", body: {} })).body.data).toMatchObject({ version: 1 });
    const empty = await call(`${path}/${t.id}`, { key, method: "PATCH", body: { html: null } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/body\.html: a template needs html, text or both/);
    expect((await call(`${path}/${t.id}`, { key, method: "PATCH", body: { id: "x" } })).status).toBe(400);
    const taken = (await call(path, { key, body: { name: named(), subject: "S", text: "x" } })).body.data;
    expect((await call(`${path}/${t.id}`, { key, method: "PATCH", body: { name: taken.name } })).status).toBe(409);
    expect((await call(`${path}/${t.id}/versions`, { key })).body.pagination.total).toBe(1);
  });

  it("lists newest first with pagination, each with its current version", async () => {
    const other = await newOrg();
    const k = (await createKey(other.cookie, ["templates:read", "templates:write"])).key;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await call(path, { key: k, body: { name: `t${i}`, subject: `S${i}`, text: "x" } })).body.data.id);
    await call(`${path}/${ids[0]}`, { key: k, method: "PATCH", body: { subject: "S0 v2" } });
    const page = await call(`${path}?perPage=2`, { key: k });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ page: 1, perPage: 2, total: 3 });
    expect(page.body.data.map((t: { name: string }) => t.name)).toEqual(["t2", "t1"]);
    const last = await call(`${path}?page=2&perPage=2`, { key: k });
    expect(last.body.data).toEqual([expect.objectContaining({ id: ids[0], name: "t0", version: 2, subject: "S0 v2" })]);
    expect((await call(`${path}?limit=5`, { key: k })).status).toBe(400);
  });

  it("previews with given values, else defaults, else the variable's name; html escaped, text raw", async () => {
    const t = (await call(path, { key, body: welcome() })).body.data;
    const sample = await call(`${path}/${t.id}/preview`, { key, body: {} });
    expect(sample.status).toBe(200);
    expect(sample.body.data).toEqual({
      subject: "Welcome name",
      html: "<h1>Hi name</h1><p>Your plan: Free</p>",
      text: "Hi name, your plan: Free",
    });
    const given = await call(`${path}/${t.id}/preview`, { key, body: { variables: { name: "<b>Ann</b>", plan: "Pro" } } });
    expect(given.body.data).toEqual({
      subject: "Welcome <b>Ann</b>",
      html: "<h1>Hi &lt;b&gt;Ann&lt;/b&gt;</h1><p>Your plan: Pro</p>",
      text: "Hi <b>Ann</b>, your plan: Pro",
    });
    await call(`${path}/${t.id}`, { key, method: "PATCH", body: { html: "<p>New {{name}}</p>", text: null } });
    const derived = await call(`${path}/${t.id}/preview`, { key, body: { variables: { name: "Ann" } } });
    expect(derived.body.data).toEqual({ subject: "Welcome Ann", html: "<p>New Ann</p>", text: "New Ann" });
    const pinned = await call(`${path}/${t.id}/preview`, { key, body: { version: 1, variables: { name: "Ann" } } });
    expect(pinned.body.data.html).toBe("<h1>Hi Ann</h1><p>Your plan: Free</p>");
    expect((await call(`${path}/${t.id}/preview`, { key, body: { version: 7 } })).status).toBe(404);
    expect((await call(`${path}/${t.id}/preview`, { key, body: { variables: "x" } })).status).toBe(400);
  });

  it(
    "a template bomb is refused: four nested {{#each}} at save, and a render past the budget at preview, while the server keeps answering",
    { timeout: 60_000 },
    async () => {
      // The review's 463-byte preview: {{#each}} four deep over 110 items froze every request for 9.5 s.
      const items = Array.from({ length: 110 }, (_, i) => `item ${i}`);
      const refused = await call(path, { key, body: { name: named("bomb"), subject: "S", html: EACH_4 } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/at most 3 levels of \{\{#each\}\}/);

      // Three levels are allowed, and 110 items of them are 1,331,000 iterations, past 2,000: the budget stops the render.
      const t = (await call(path, { key, body: { name: named("bomb3"), subject: "S", html: nestedEach(3) } })).body.data;
      const started = performance.now();
      const { result: preview, probes } = await liveWhile(call(`${path}/${t.id}/preview`, { key, body: { variables: { items } } }));
      const took = performance.now() - started;
      expect(preview.status).toBe(400);
      expect(preview.body.code).toBe("VALIDATION_ERROR");
      expect(preview.body.error).toMatch(/renders past the limit with these variables: it runs more than 2,000 \{\{#each\}\} iterations/);
      // Bounds that prove the render stopped early rather than ran to the end (seconds, as reported).
      expect(took).toBeLessThan(2_000);
      expect(probes.length).toBeGreaterThan(0);
      expect(Math.max(...probes)).toBeLessThan(1_000);

      // A long variable written out many times is the same bomb without {{#each}}: stopped by size.
      const repeat = (await call(path, { key, body: { name: named("repeat"), subject: "S", text: "{{x}}".repeat(1_000) } })).body.data;
      const big = await liveWhile(call(`${path}/${repeat.id}/preview`, { key, body: { variables: { x: "y".repeat(100_000) } } }));
      expect(big.result.status).toBe(400);
      expect(big.result.body.error).toMatch(/it produces more than 500,000 characters/);
      expect(Math.max(...big.probes)).toBeLessThan(1_000);

      // Within the budget the same template renders as before.
      const small = await call(`${path}/${t.id}/preview`, { key, body: { variables: { items: ["a", "b"] } } });
      expect(small.status).toBe(200);
      expect(small.body.data.html).toBe("x".repeat(8));
    },
  );

  it("renders ../ inside {{#each}} over plain values", async () => {
    const t = (
      await call(path, { key, body: { name: named("parent"), subject: "S", text: "{{#each items}}{{this}}:{{../title}} {{/each}}" } })
    ).body.data;
    const preview = await call(`${path}/${t.id}/preview`, { key, body: { variables: { title: "T", items: ["a", "b"] } } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.text).toBe("a:T b:T ");
  });

  it("deletes with all its versions; afterwards, and for another organization's template, 404", async () => {
    const t = (await call(path, { key, body: welcome() })).body.data;
    const stranger = await newOrg();
    const strangerKey = (await createKey(stranger.cookie, ["templates:read", "templates:write"])).key;
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { subject: "x" }],
      ["DELETE", "", undefined],
      ["GET", "/versions", undefined],
      ["POST", "/preview", {}],
    ] as const) {
      const res = await call(`${path}/${t.id}${suffix}`, { key: strangerKey, method, body });
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call(path, { key: strangerKey })).body.data).toEqual([]);
    const deleted = await call(`${path}/${t.id}`, { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: t.id, deleted: true });
    expect((await call(`${path}/${t.id}`, { key })).status).toBe(404);
    expect(await db().templateVersion.count({ where: { templateId: t.id } })).toBe(0);
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
    const audit = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, targetId: t.id, action: "template.deleted" } });
    expect(audit.metadata).toMatchObject({ name: t.name });
  });

  it("needs templates:read to read and preview, templates:write to change; sessions need the matching permission", async () => {
    const t = (await call(path, { key, body: welcome() })).body.data;
    const reader = (await createKey(org.cookie, ["templates:read"])).key;
    expect((await call(path, { key: reader })).status).toBe(200);
    expect((await call(`${path}/${t.id}`, { key: reader })).status).toBe(200);
    expect((await call(`${path}/${t.id}/versions`, { key: reader })).status).toBe(200);
    expect((await call(`${path}/${t.id}/preview`, { key: reader, body: {} })).status).toBe(200);
    for (const [method, target, body] of [
      ["POST", path, welcome()],
      ["PATCH", `${path}/${t.id}`, { subject: "x" }],
      ["DELETE", `${path}/${t.id}`, undefined],
    ] as const) {
      const denied = await call(target, { key: reader, method, body });
      expect(denied.status, method).toBe(403);
      expect(denied.body.code).toBe("SCOPE_DENIED");
      expect(denied.body.error).toContain("templates:write");
    }
    const sender = (await createKey(org.cookie, ["email:send"])).key;
    const noRead = await call(path, { key: sender });
    expect(noRead.status).toBe(403);
    expect(noRead.body.code).toBe("SCOPE_DENIED");
    expect((await call(path)).status).toBe(401);

    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(`${path}/${t.id}`, { cookie: viewer.cookie })).status).toBe(200);
    const viewerWrite = await call(path, { cookie: viewer.cookie, body: welcome() });
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.body.code).toBe("PERMISSION_DENIED");
    const member = await addMemberAs(org.cookie, "member");
    const byMember = await call(path, { cookie: member.cookie, body: welcome() });
    expect(byMember.status).toBe(201);
    const history = await call(`${path}/${byMember.body.data.id}/versions`, { cookie: member.cookie });
    expect(history.body.data[0].createdBy).toBe(`user:${member.member.userId}`);
  });

  it("a key bound to one project reads templates but cannot change the organization's", async () => {
    const t = (await call(path, { key, body: welcome() })).body.data;
    const bound = (await createKey(org.cookie, ["templates:read", "templates:write"], { projectId: org.project.id })).key;
    expect((await call(`${path}/${t.id}`, { key: bound })).status).toBe(200);
    const denied = await call(`${path}/${t.id}`, { key: bound, method: "PATCH", body: { subject: "x" } });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("SCOPE_DENIED");
  });

  it("is described in the OpenAPI document", async () => {
    const doc = (await call("/api/v1/openapi.json")).body;
    expect(Object.keys(doc.paths["/api/v1/templates"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(doc.paths["/api/v1/templates/{id}/preview"].post["x-required-scope"]).toBe("templates:read");
    expect(doc.paths["/api/v1/email/send-templated"].post["x-required-scope"]).toBe("email:send");
  });
});
