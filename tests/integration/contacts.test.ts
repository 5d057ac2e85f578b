// /api/v1/contacts and /api/v1/contacts/properties: CRUD in the envelope with audit entries;
// emails unique per organization whatever their case; typed properties (unknown keys and wrong
// types refused naming the path, dates normalized, null removing a key); search and filters
// (literal LIKE wildcards, status, list, typed property equality and comparisons); whether an
// address is suppressed; scopes, session permissions and another organization's data.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;
const path = "/api/v1/contacts";
const props = `${path}/properties`;
const PROPS = { plan: "string", seats: "number", vip: "boolean", signup: "date" };

async function setUp(): Promise<Org> {
  const org = await newOrg();
  for (const [key, type] of Object.entries(PROPS))
    expect((await call(props, { cookie: org.cookie, body: { key, type } })).status).toBe(201);
  return org;
}

const emails = (res: { body: { data: { email: string }[] } }) => res.body.data.map((c) => c.email).sort();

describe("contacts", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await setUp();
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["contacts:read", "contacts:write", "lists:read", "lists:write"])).key;
  });

  it("creates (201, email lower-cased), reads, updates and deletes, each audited", async () => {
    const res = await call(path, {
      key,
      body: {
        email: "  Grace.Hopper@Example.TEST ",
        name: "Grace",
        properties: { plan: "pro", seats: 3, vip: false, signup: "2024-01-15" },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      email: "grace.hopper@example.test",
      name: "Grace",
      properties: { plan: "pro", seats: 3, vip: false, signup: "2024-01-15T00:00:00.000Z" },
      subscriptionStatus: "subscribed",
      unsubscribedAt: null,
      suppressed: false,
      lists: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = res.body.data.id;
    expect((await call(`${path}/${id}`, { key })).body.data).toEqual(res.body.data);

    // Properties merge; null removes a key; unsubscribing sets unsubscribedAt.
    const patched = await call(`${path}/${id}`, {
      method: "PATCH",
      key,
      body: { name: "Grace H.", properties: { seats: 4, vip: null }, subscriptionStatus: "unsubscribed" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: "Grace H.",
      properties: { plan: "pro", seats: 4, signup: "2024-01-15T00:00:00.000Z" },
      subscriptionStatus: "unsubscribed",
    });
    expect(patched.body.data.properties).not.toHaveProperty("vip");
    expect(Date.parse(patched.body.data.unsubscribedAt)).toBeGreaterThan(Date.now() - 60_000);
    const resubscribed = await call(`${path}/${id}`, { method: "PATCH", key, body: { subscriptionStatus: "subscribed" } });
    expect(resubscribed.body.data).toMatchObject({ subscriptionStatus: "subscribed", unsubscribedAt: null });

    const list = (await call("/api/v1/lists", { key, body: { name: `Readers ${Date.now()}` } })).body.data;
    await call(`/api/v1/lists/${list.id}/members`, { key, body: { contactIds: [id] } });
    expect((await call(`${path}/${id}`, { key })).body.data.lists).toEqual([{ id: list.id, name: list.name }]);

    const deleted = await call(`${path}/${id}`, { method: "DELETE", key });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await call(`${path}/${id}`, { key })).status).toBe(404);
    expect((await call(`/api/v1/lists/${list.id}`, { key })).body.data.members).toBe(0);

    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["contact.created", "contact", "api_key"],
      ["contact.updated", "contact", "api_key"],
      ["contact.updated", "contact", "api_key"],
      ["contact.deleted", "contact", "api_key"],
    ]);
    expect(audits[1].metadata).toMatchObject({ email: "grace.hopper@example.test", subscriptionStatus: "unsubscribed" });
  });

  it("keeps emails unique per organization whatever their case: 409 on create and on change; another organization may use it", async () => {
    const email = `Unique-${Date.now()}@Example.test`;
    expect((await call(path, { key, body: { email } })).status).toBe(201);
    for (const again of [email, email.toLowerCase(), email.toUpperCase()]) {
      const dup = await call(path, { key, body: { email: again } });
      expect(dup.status, again).toBe(409);
      expect(dup.body.code).toBe("CONFLICT");
    }
    const other = (await call(path, { key, body: { email: `other-${Date.now()}@example.test` } })).body.data;
    const change = await call(`${path}/${other.id}`, { method: "PATCH", key, body: { email: email.toUpperCase() } });
    expect(change.status).toBe(409);
    expect((await call(path, { cookie: (await newOrg()).cookie, body: { email } })).status).toBe(201);
  });

  it("checks properties against their definitions: unknown keys and wrong types are 400 naming the path, nothing changes", async () => {
    const before = await db().contact.count({ where: { orgId: org.org.id } });
    const cases: [Record<string, unknown>, string][] = [
      [{ nope: "x" }, "body.properties.nope: no such contact property"],
      [{ seats: "5" }, "body.properties.seats: number property: expected a number"],
      [{ vip: "yes" }, "body.properties.vip: boolean property: expected true or false"],
      [{ signup: "15/01/2024" }, "body.properties.signup: date property: expected an ISO 8601 date"],
      [{ signup: "2024-02-30" }, "body.properties.signup"],
      [{ signup: "9999-12-31T23:30:00-02:00" }, "body.properties.signup"], // year 10000 would not compare as text
      [{ plan: 7 }, "body.properties.plan: string property: expected a string"],
      [{ plan: "x".repeat(1001) }, "body.properties.plan: string property: at most 1000 characters"],
      [{ seats: { n: 1 } }, "body.properties.seats"],
    ];
    for (const [properties, message] of cases) {
      const res = await call(path, { key, body: { email: `typed-${Date.now()}@example.test`, properties } });
      expect(res.status, JSON.stringify(properties)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain(message);
    }
    expect(await db().contact.count({ where: { orgId: org.org.id } })).toBe(before);
    const c = (
      await call(path, {
        key,
        body: { email: `typed-ok-${Date.now()}@example.test`, properties: { signup: "2024-03-01T10:30:00+02:00", seats: 2.5 } },
      })
    ).body.data;
    expect(c.properties).toEqual({ signup: "2024-03-01T08:30:00.000Z", seats: 2.5 });
    const bad = await call(`${path}/${c.id}`, { method: "PATCH", key, body: { name: "Changed", properties: { seats: "many" } } });
    expect(bad.status).toBe(400);
    expect((await call(`${path}/${c.id}`, { key })).body.data.name).toBe("");
    for (const body of [
      {},
      { email: "not-an-email" },
      { email: "a@example.test", extra: 1 },
      { email: "a@example.test", subscriptionStatus: "maybe" },
      { email: "a@example.test", name: "a\nb" },
    ]) {
      expect((await call(path, { key, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(`${path}/${c.id}`, { method: "PATCH", key, body: {} })).status).toBe(400);
    expect((await call(`${path}/not-a-uuid`, { key })).status).toBe(400);
  });

  it("defines properties (409 for a key twice, reserved and malformed keys refused) and deleting one removes its values", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["contacts:read", "contacts:write"])).key;
    expect((await call(props, { key: k, body: { key: "company", type: "string" } })).body.data).toEqual({
      key: "company",
      type: "string",
      createdAt: expect.any(String),
    });
    expect((await call(props, { key: k, body: { key: "company", type: "number" } })).status).toBe(409);
    for (const body of [
      { key: "email", type: "string" },
      { key: "Company", type: "string" },
      { key: "1st", type: "string" },
      { key: "x", type: "money" },
      { key: "a-b", type: "string" },
    ]) {
      const res = await call(props, { key: k, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toContain("body.");
    }
    await call(props, { key: k, body: { key: "size", type: "number" } });
    expect((await call(props, { key: k })).body.data.map((p: { key: string }) => p.key)).toEqual(["company", "size"]);
    const a = (await call(path, { key: k, body: { email: "a@example.test", properties: { company: "Acme", size: 10 } } })).body.data;
    await call(path, { key: k, body: { email: "b@example.test", properties: { size: 3 } } });
    const removed = await call(`${props}/company`, { method: "DELETE", key: k });
    expect(removed.body.data).toEqual({ key: "company", deleted: true, contactsUpdated: 1 });
    expect((await call(`${path}/${a.id}`, { key: k })).body.data.properties).toEqual({ size: 10 });
    expect((await call(`${props}/company`, { method: "DELETE", key: k })).status).toBe(404);
    // Recreated with another type, the old values are not there to clash.
    expect((await call(props, { key: k, body: { key: "company", type: "boolean" } })).status).toBe(201);
    expect(
      (await call(`${path}/${a.id}`, { method: "PATCH", key: k, body: { properties: { company: true } } })).body.data.properties,
    ).toEqual({ size: 10, company: true });
    const audits = await db().auditLog.findMany({
      where: { orgId: own.org.id, targetType: "contact_property" },
      orderBy: { createdAt: "asc" },
    });
    expect(audits.map((x) => x.action)).toEqual([
      "contact_property.created",
      "contact_property.created",
      "contact_property.deleted",
      "contact_property.created",
    ]);
  });

  it("searches email and name literally, and filters by status, list and typed properties", async () => {
    const own = await setUp();
    const k = (await createKey(own.cookie, ["contacts:read", "contacts:write", "lists:write"])).key;
    const people = [
      { email: "ann@alpha.test", name: "Ann 100%", properties: { plan: "pro", seats: 5, vip: true, signup: "2024-01-10" } },
      { email: "ben_b@beta.test", name: "Ben", properties: { plan: "free", seats: 50, vip: false, signup: "2024-06-01T12:00:00Z" } },
      { email: "cat@alpha.test", name: "Cat", subscriptionStatus: "unsubscribed", properties: { plan: "pro", seats: 9.5 } },
      { email: "benny@gamma.test", name: "Benny", properties: { seats: -2 } },
    ];
    const ids: Record<string, string> = {};
    for (const p of people) ids[p.email] = (await call(path, { key: k, body: p })).body.data.id;
    const q = async (params: Record<string, string>) => call(`${path}?${new URLSearchParams(params)}`, { key: k });

    expect(emails(await q({ q: "ALPHA" }))).toEqual(["ann@alpha.test", "cat@alpha.test"]);
    expect(emails(await q({ q: "ben" }))).toEqual(["ben_b@beta.test", "benny@gamma.test"]);
    expect(emails(await q({ q: "n_b" }))).toEqual(["ben_b@beta.test"]); // _ is literal, not a wildcard
    expect(emails(await q({ q: "100%" }))).toEqual(["ann@alpha.test"]);
    expect(emails(await q({ q: "%" }))).toEqual(["ann@alpha.test"]);
    expect(emails(await q({ subscriptionStatus: "unsubscribed" }))).toEqual(["cat@alpha.test"]);
    expect(emails(await q({ "property[plan]": "pro" }))).toEqual(["ann@alpha.test", "cat@alpha.test"]);
    expect(emails(await q({ "property[plan][eq]": "pro", subscriptionStatus: "subscribed" }))).toEqual(["ann@alpha.test"]);
    expect(emails(await q({ "property[vip]": "false" }))).toEqual(["ben_b@beta.test"]);
    expect(emails(await q({ "property[seats]": "5" }))).toEqual(["ann@alpha.test"]);
    // Numbers compare as numbers (9.5 < 50, though "9.5" > "50" as text); negatives too.
    expect(emails(await q({ "property[seats][gt]": "9" }))).toEqual(["ben_b@beta.test", "cat@alpha.test"]);
    expect(emails(await q({ "property[seats][gte]": "9.5" }))).toEqual(["ben_b@beta.test", "cat@alpha.test"]);
    expect(emails(await q({ "property[seats][lt]": "0" }))).toEqual(["benny@gamma.test"]);
    expect(emails(await q({ "property[seats][lte]": "5", "property[seats][gt]": "-1" }))).toEqual(["ann@alpha.test"]);
    expect(emails(await q({ "property[signup][lt]": "2024-03-01" }))).toEqual(["ann@alpha.test"]);
    expect(emails(await q({ "property[signup][gte]": "2024-06-01T12:00:00Z" }))).toEqual(["ben_b@beta.test"]);
    expect(emails(await q({ "property[signup]": "2024-01-10" }))).toEqual(["ann@alpha.test"]);

    const list = (await call("/api/v1/lists", { key: k, body: { name: "Filtered" } })).body.data;
    await call(`/api/v1/lists/${list.id}/members`, { key: k, body: { contactIds: [ids["cat@alpha.test"], ids["benny@gamma.test"]] } });
    expect(emails(await q({ listId: list.id }))).toEqual(["benny@gamma.test", "cat@alpha.test"]);
    expect(emails(await q({ listId: list.id, q: "alpha" }))).toEqual(["cat@alpha.test"]);

    const page = await call(`${path}?perPage=2&page=2`, { key: k });
    expect(page.body.pagination).toEqual({ page: 2, perPage: 2, total: 4 });
    expect(page.body.data.map((c: { email: string }) => c.email)).toEqual(["ben_b@beta.test", "ann@alpha.test"]); // newest first

    const refusals: [Record<string, string>, string][] = [
      [{ "property[plan][gt]": "a" }, "query.property[plan][gt]: gt compares numbers and dates"],
      [{ "property[nope]": "1" }, "query.property[nope]: no such contact property"],
      [{ "property[seats][gt]": "lots" }, "query.property[seats][gt]: number property: expected a number"],
      [{ "property[signup][lt]": "yesterday" }, "query.property[signup][lt]: date property"],
      [{ "property[seats][between]": "1" }, "query.property[seats][between]"],
      [{ sort: "email" }, "query.sort: unknown parameter"],
      [{ listId: randomUUID() }, "query.listId: no such list"],
      [{ subscriptionStatus: "maybe" }, "query.subscriptionStatus"],
    ];
    for (const [params, message] of refusals) {
      const res = await q(params);
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain(message);
    }
  });

  it("shows whether a contact's address is on the suppression list", async () => {
    const email = `suppressed-${Date.now()}@example.test`;
    const c = (await call(path, { key, body: { email } })).body.data;
    expect(c.suppressed).toBe(false);
    expect((await call("/api/v1/suppressions", { key, body: { email: email.toUpperCase() } })).status).toBe(201);
    expect((await call(`${path}/${c.id}`, { key })).body.data.suppressed).toBe(true);
    const listed = await call(`${path}?q=${encodeURIComponent(email)}`, { key });
    expect(listed.body.data).toEqual([expect.objectContaining({ email, suppressed: true, subscriptionStatus: "subscribed" })]);
  });
});

describe("contacts: who may do what", () => {
  it("needs contacts:read to read and contacts:write to change; other scopes and project-bound keys may not", async () => {
    const org = await setUp();
    const writer = (await createKey(org.cookie, ["contacts:read", "contacts:write"])).key;
    const c = (await call(path, { key: writer, body: { email: "scoped@example.test" } })).body.data;
    const readOnly = (await createKey(org.cookie, ["contacts:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${c.id}`, { key: readOnly })).status).toBe(200);
    expect((await call(props, { key: readOnly })).status).toBe(200);
    expect((await call("/api/v1/contacts/imports", { key: readOnly })).status).toBe(200);
    const writes = [
      call(path, { key: readOnly, body: { email: "nope@example.test" } }),
      call(`${path}/${c.id}`, { method: "PATCH", key: readOnly, body: { name: "x" } }),
      call(`${path}/${c.id}`, { method: "DELETE", key: readOnly }),
      call(props, { key: readOnly, body: { key: "other", type: "string" } }),
      call(`${props}/plan`, { method: "DELETE", key: readOnly }),
      call("/api/v1/contacts/import", {
        key: readOnly,
        method: "POST",
        raw: "email\nx@example.test",
        headers: { "content-type": "text/csv" },
      }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    const noScope = (await createKey(org.cookie, ["lists:read", "lists:write"])).key;
    for (const p of [path, `${path}/${c.id}`, props, `${path}/export`, "/api/v1/contacts/imports"]) {
      const res = await call(p, { key: noScope });
      expect(res.status, p).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    const bound = (await createKey(org.cookie, ["contacts:read", "contacts:write"], { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { email: "bound@example.test" } })).status).toBe(403);
    expect(await db().contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ name: "" });
    expect(await db().contactProperty.count({ where: { orgId: org.org.id } })).toBe(4);
  });

  it("maps sessions to contacts.view and contacts.manage: a viewer reads but cannot change", async () => {
    const org = await setUp();
    const viewer = await addMemberAs(org.cookie, "viewer");
    const member = await addMemberAs(org.cookie, "member");
    const made = await call(path, { cookie: member.cookie, body: { email: "by-member@example.test" } });
    expect(made.status).toBe(201);
    const audit = await db().auditLog.findFirstOrThrow({ where: { targetId: made.body.data.id } });
    expect(audit).toMatchObject({ action: "contact.created", actorType: "user", actorId: member.member.userId });
    const id = made.body.data.id;
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    expect((await call(`${path}/${id}`, { cookie: viewer.cookie })).status).toBe(200);
    const refused = [
      await call(path, { cookie: viewer.cookie, body: { email: "by-viewer@example.test" } }),
      await call(`${path}/${id}`, { method: "PATCH", cookie: viewer.cookie, body: { name: "Viewer was here" } }),
      await call(`${path}/${id}`, { method: "DELETE", cookie: viewer.cookie }),
      await call(props, { cookie: viewer.cookie, body: { key: "viewer_prop", type: "string" } }),
      await call("/api/v1/contacts/import", {
        cookie: viewer.cookie,
        method: "POST",
        raw: "email\nv@example.test",
        headers: { "content-type": "text/csv" },
      }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
    expect(await db().contact.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "" });
    expect(await db().contact.count({ where: { orgId: org.org.id } })).toBe(1);
  });

  it("answers 404 for another organization's contact, property and import, and changes nothing", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const c = (await call(path, { cookie: theirs.cookie, body: { email: "theirs@example.test", name: "Theirs" } })).body.data;
    const imp = (
      await call("/api/v1/contacts/import", {
        cookie: theirs.cookie,
        method: "POST",
        raw: "email\nimported@example.test",
        headers: { "content-type": "text/csv" },
      })
    ).body.data;
    await call(props, { cookie: theirs.cookie, body: { key: "their_only", type: "string" } });
    const key = (await createKey(mine.cookie, ["contacts:read", "contacts:write"])).key;
    expect((await call(`${path}/${c.id}`, { key })).status).toBe(404);
    expect((await call(`${path}/${c.id}`, { method: "PATCH", key, body: { name: "Mine now" } })).status).toBe(404);
    expect((await call(`${path}/${c.id}`, { method: "DELETE", key })).status).toBe(404);
    expect((await call(`/api/v1/contacts/imports/${imp.id}`, { key })).status).toBe(404);
    expect((await call(`${props}/their_only`, { method: "DELETE", key })).status).toBe(404);
    expect((await call(path, { key })).body.data).toEqual([]);
    expect((await call("/api/v1/contacts/imports", { key })).body.data).toEqual([]);
    expect((await call(props, { key })).body.data.map((p: { key: string }) => p.key)).not.toContain("their_only");
    // The same address is a separate contact in each organization.
    expect((await call(path, { key, body: { email: "theirs@example.test" } })).status).toBe(201);
    expect(await db().contact.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ orgId: theirs.org.id, name: "Theirs" });
    expect(await db().contactProperty.count({ where: { orgId: theirs.org.id, key: "their_only" } })).toBe(1);
  });
});
