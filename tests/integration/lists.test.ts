// /api/v1/lists: CRUD in the envelope with audit entries and 409 for a name twice; member
// counts (all and subscribed); adding members by contact id (another organization's refused
// naming the path, nothing added) and by address (contacts created for new ones); paging and
// searching members; taking one off; scopes, session permissions and another organization's lists.
import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;
const path = "/api/v1/lists";
let n = 0;
const named = (prefix = "list") => `${prefix}-${Date.now()}-${n++}`;

async function contacts(key: string, list: { email: string; subscriptionStatus?: string }[]): Promise<string[]> {
  const ids: string[] = [];
  for (const c of list) {
    const res = await call("/api/v1/contacts", { key, body: c });
    expect(res.status).toBe(201);
    ids.push(res.body.data.id);
  }
  return ids;
}

describe("lists", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["lists:read", "lists:write", "contacts:read", "contacts:write"])).key;
  });

  it("creates with 201 and zero counts, reads, renames and deletes (its contacts stay), each audited", async () => {
    const name = named("Newsletter");
    const res = await call(path, { key, body: { name } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name,
      description: "",
      members: 0,
      subscribedMembers: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = res.body.data.id;
    expect((await call(`${path}/${id}`, { key })).body.data).toEqual(res.body.data);
    const patched = await call(`${path}/${id}`, { method: "PATCH", key, body: { name: `${name}-2`, description: "Monthly" } });
    expect(patched.body.data).toMatchObject({ id, name: `${name}-2`, description: "Monthly" });
    const [c] = await contacts(key, [{ email: `stays-${Date.now()}@example.test` }]);
    expect((await call(`${path}/${id}/members`, { key, body: { contactIds: [c] } })).status).toBe(200);
    expect((await call(`${path}/${id}/members/${c}`, { method: "DELETE", key })).body.data).toEqual({
      listId: id,
      contactId: c,
      removed: true,
    });
    const deleted = await call(`${path}/${id}`, { method: "DELETE", key });
    expect(deleted.body.data).toEqual({ id, deleted: true });
    expect((await call(`${path}/${id}`, { key })).status).toBe(404);
    expect(await db().contact.count({ where: { id: c } })).toBe(1);
    const audits = await db().auditLog.findMany({ where: { orgId: org.org.id, targetId: id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.targetType, a.actorType])).toEqual([
      ["list.created", "contact_list", "api_key"],
      ["list.updated", "contact_list", "api_key"],
      ["list.members_added", "contact_list", "api_key"],
      ["list.member_removed", "contact_list", "api_key"],
      ["list.deleted", "contact_list", "api_key"],
    ]);
    expect(audits[1].metadata).toMatchObject({ previousName: name });
    expect(audits[2].metadata).toMatchObject({ added: 1, alreadyMembers: 0 });
  });

  it("answers 409 for a name the organization already uses, and validates bodies", async () => {
    const name = named();
    expect((await call(path, { key, body: { name } })).status).toBe(201);
    expect((await call(path, { key, body: { name } })).status).toBe(409);
    const other = (await call(path, { key, body: { name: named() } })).body.data;
    expect((await call(`${path}/${other.id}`, { method: "PATCH", key, body: { name } })).status).toBe(409);
    for (const body of [{}, { name: "" }, { name: "a\nb" }, { name: "x", extra: 1 }])
      expect((await call(path, { key, body })).status, JSON.stringify(body)).toBe(400);
    expect((await call(`${path}/${other.id}`, { method: "PATCH", key, body: {} })).status).toBe(400);
    expect((await call(`${path}/nope`, { key })).status).toBe(400);
  });

  it("adds members by id and by address, counts them, pages and searches them, takes one off", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["lists:read", "lists:write", "contacts:read", "contacts:write"])).key;
    const list = (await call(path, { key: k, body: { name: "Members" } })).body.data;
    const ids = await contacts(k, [
      { email: "m1@example.test" },
      { email: "m2@example.test", subscriptionStatus: "unsubscribed" },
      { email: "m3@example.test" },
    ]);
    const first = await call(`${path}/${list.id}/members`, { key: k, body: { contactIds: [ids[0], ids[1]] } });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ added: 2, alreadyMembers: 0, createdContacts: 0 });
    const again = await call(`${path}/${list.id}/members`, { key: k, body: { contactIds: [ids[1], ids[2], ids[2]] } });
    expect(again.body.data).toEqual({ added: 1, alreadyMembers: 1, createdContacts: 0 });
    const byEmail = await call(`${path}/${list.id}/members`, {
      key: k,
      body: { emails: ["M3@example.test", "new1@example.test", "New2@Example.test"] },
    });
    expect(byEmail.body.data).toEqual({ added: 2, alreadyMembers: 1, createdContacts: 2 });
    expect((await call("/api/v1/contacts?q=new", { key: k })).body.data.map((c: { email: string }) => c.email).sort()).toEqual([
      "new1@example.test",
      "new2@example.test",
    ]);
    expect((await call(`${path}/${list.id}`, { key: k })).body.data).toMatchObject({ members: 5, subscribedMembers: 4 });
    expect((await call(path, { key: k })).body.data).toEqual([expect.objectContaining({ id: list.id, members: 5, subscribedMembers: 4 })]);

    const page = await call(`${path}/${list.id}/members?perPage=2&page=3`, { key: k });
    expect(page.body.pagination).toEqual({ page: 3, perPage: 2, total: 5 });
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({ email: expect.any(String), subscriptionStatus: expect.any(String), suppressed: false });
    const searched = await call(`${path}/${list.id}/members?q=m&subscriptionStatus=unsubscribed`, { key: k });
    expect(searched.body.data.map((c: { email: string }) => c.email)).toEqual(["m2@example.test"]);

    expect((await call(`${path}/${list.id}/members/${ids[1]}`, { method: "DELETE", key: k })).status).toBe(200);
    expect((await call(`${path}/${list.id}/members/${ids[1]}`, { method: "DELETE", key: k })).status).toBe(404);
    expect((await call(`${path}/${list.id}`, { key: k })).body.data).toMatchObject({ members: 4, subscribedMembers: 4 });

    for (const body of [
      {},
      { contactIds: [] },
      { contactIds: ["nope"] },
      { emails: ["not-an-address"] },
      { contactIds: [ids[0]], emails: ["a@example.test"] },
      { contactIds: Array.from({ length: 1001 }, () => randomUUID()) },
    ]) {
      const res = await call(`${path}/${list.id}/members`, { key: k, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses another organization's contacts by path, adding none of the list", async () => {
    const other = await newOrg();
    const otherKey = (await createKey(other.cookie, ["contacts:write"])).key;
    const [theirs] = await contacts(otherKey, [{ email: `theirs-${Date.now()}@example.test` }]);
    const [mine] = await contacts(key, [{ email: `mine-${Date.now()}@example.test` }]);
    const list = (await call(path, { key, body: { name: named() } })).body.data;
    const res = await call(`${path}/${list.id}/members`, { key, body: { contactIds: [mine, theirs, randomUUID()] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("body.contactIds.1: no such contact");
    expect(res.body.error).toContain("body.contactIds.2: no such contact");
    expect((await call(`${path}/${list.id}`, { key })).body.data.members).toBe(0);
    expect(await db().contactListMember.count({ where: { listId: list.id } })).toBe(0);
    // The path is the entry's place in the request, repeats included; ids are read in any case.
    const repeated = await call(`${path}/${list.id}/members`, { key, body: { contactIds: [mine, mine.toUpperCase(), theirs] } });
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toBe("Invalid request: body.contactIds.2: no such contact");
    const upper = await call(`${path}/${list.id}/members`, { key, body: { contactIds: [mine.toUpperCase(), mine] } });
    expect(upper.body.data).toEqual({ added: 1, alreadyMembers: 0, createdContacts: 0 });
  });

  it(
    "adds the same new addresses to several lists at once, in opposite orders, creating each contact once",
    { timeout: 120_000 },
    async () => {
      const own = await newOrg();
      const k = (await createKey(own.cookie, ["lists:read", "lists:write"])).key;
      const lists: { id: string }[] = [];
      for (const name of ["A", "B", "C", "D"]) lists.push((await call(path, { key: k, body: { name } })).body.data);
      for (let round = 0; round < 3; round++) {
        const emails = Array.from({ length: 1000 }, (_, i) => `both-${round}-${i}@example.test`);
        const answers = await Promise.all(
          lists.map((l, i) => call(`${path}/${l.id}/members`, { key: k, body: { emails: i % 2 ? [...emails].reverse() : emails } })),
        );
        expect(
          answers.map((r) => r.status),
          JSON.stringify(answers.map((r) => r.body)),
        ).toEqual([200, 200, 200, 200]);
        expect(answers.reduce((n, r) => n + r.body.data.createdContacts, 0)).toBe(1000);
        for (const r of answers) expect(r.body.data).toMatchObject({ added: 1000, alreadyMembers: 0 });
      }
      expect(await db().contact.count({ where: { orgId: own.org.id } })).toBe(3000);
    },
  );
});

describe("lists and sequences", () => {
  it("hands contacts that newly join a list to the sequences it triggers, from the members route and from an import into the list", async () => {
    const { cookie } = await newOrg();
    const list = (await call(path, { cookie, body: { name: "Onboarding" } })).body.data;
    const template = await call("/api/v1/templates", {
      cookie,
      body: { name: `welcome-${Date.now()}`, subject: "Welcome", html: "<p>Hi</p>" },
    });
    expect(template.status).toBe(201);
    const sequence = await call("/api/v1/sequences", {
      cookie,
      body: { name: "Onboarding", triggerListId: list.id, steps: [{ delaySeconds: 86_400, templateId: template.body.data.id }] },
    });
    expect(sequence.status).toBe(201);
    const enrolled = async () =>
      (await db().sequenceEnrolment.findMany({ where: { sequenceId: sequence.body.data.id }, include: { contact: true } }))
        .map((e) => e.contact.email)
        .sort();

    expect(
      (await call(`${path}/${list.id}/members`, { cookie, body: { emails: ["a@example.test", "b@example.test"] } })).body.data.added,
    ).toBe(2);
    expect(await enrolled()).toEqual(["a@example.test", "b@example.test"]);
    const imported = await call(`/api/v1/contacts/import?listId=${list.id}`, {
      cookie,
      method: "POST",
      raw: "email\nc@example.test\na@example.test\n",
      headers: { "content-type": "text/csv" },
    });
    expect(imported.body.data).toMatchObject({ created: 1, updated: 1 });
    expect(await enrolled()).toEqual(["a@example.test", "b@example.test", "c@example.test"]);
  });
});

describe("lists: who may do what", () => {
  it("needs lists:read to read and lists:write to change; contacts scopes do not stand in", async () => {
    const org = await newOrg();
    const writer = (await createKey(org.cookie, ["lists:read", "lists:write", "contacts:write"])).key;
    const list = (await call(path, { key: writer, body: { name: "Scoped" } })).body.data;
    const [c] = await contacts(writer, [{ email: "scoped@example.test" }]);
    const readOnly = (await createKey(org.cookie, ["lists:read"])).key;
    expect((await call(path, { key: readOnly })).status).toBe(200);
    expect((await call(`${path}/${list.id}/members`, { key: readOnly })).status).toBe(200);
    for (const res of [
      await call(path, { key: readOnly, body: { name: "No" } }),
      await call(`${path}/${list.id}`, { method: "PATCH", key: readOnly, body: { name: "No" } }),
      await call(`${path}/${list.id}`, { method: "DELETE", key: readOnly }),
      await call(`${path}/${list.id}/members`, { key: readOnly, body: { contactIds: [c] } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("SCOPE_DENIED");
    }
    const contactsOnly = (await createKey(org.cookie, ["contacts:read", "contacts:write"])).key;
    expect((await call(path, { key: contactsOnly })).status).toBe(403);
    expect((await call(`${path}/${list.id}/members`, { key: contactsOnly, body: { contactIds: [c] } })).status).toBe(403);
    const bound = (await createKey(org.cookie, ["lists:read", "lists:write"], { projectId: org.project.id })).key;
    expect((await call(path, { key: bound })).status).toBe(200);
    expect((await call(path, { key: bound, body: { name: "Bound" } })).status).toBe(403);
    expect(await db().contactList.count({ where: { orgId: org.org.id } })).toBe(1);

    const viewer = await addMemberAs(org.cookie, "viewer");
    expect((await call(path, { cookie: viewer.cookie })).status).toBe(200);
    for (const res of [
      await call(path, { cookie: viewer.cookie, body: { name: "Viewer's" } }),
      await call(`${path}/${list.id}/members`, { cookie: viewer.cookie, body: { contactIds: [c] } }),
      await call(`${path}/${list.id}`, { method: "DELETE", cookie: viewer.cookie }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("PERMISSION_DENIED");
    }
    expect((await call(path, { cookie: (await addMemberAs(org.cookie, "member")).cookie, body: { name: "Member's" } })).status).toBe(201);
  });

  it("answers 404 for another organization's list, on every route, and changes nothing", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    const list = (await call(path, { cookie: theirs.cookie, body: { name: "Theirs" } })).body.data;
    const [their] = await contacts((await createKey(theirs.cookie, ["contacts:write"])).key, [{ email: "their@example.test" }]);
    await call(`${path}/${list.id}/members`, { cookie: theirs.cookie, body: { contactIds: [their] } });
    const key = (await createKey(mine.cookie, ["lists:read", "lists:write", "contacts:write"])).key;
    const [own] = await contacts(key, [{ email: "own@example.test" }]);
    for (const res of [
      await call(`${path}/${list.id}`, { key }),
      await call(`${path}/${list.id}`, { method: "PATCH", key, body: { name: "Mine" } }),
      await call(`${path}/${list.id}`, { method: "DELETE", key }),
      await call(`${path}/${list.id}/members`, { key }),
      await call(`${path}/${list.id}/members`, { key, body: { contactIds: [own] } }),
      await call(`${path}/${list.id}/members/${their}`, { method: "DELETE", key }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call(path, { key })).body.data).toEqual([]);
    expect(await db().contactList.findUniqueOrThrow({ where: { id: list.id } })).toMatchObject({ name: "Theirs", orgId: theirs.org.id });
    expect(await db().contactListMember.count({ where: { listId: list.id } })).toBe(1);
  });
});
