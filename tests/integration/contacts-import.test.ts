// /api/v1/contacts/import and /export: a CSV with good and refused rows and its per-line report;
// an unusable header refused before anything is imported; list assignment; the export (filters,
// formula-injection escaping) imported back unchanged into another organization; the 100 MiB
// body limit, declared and counted as the bytes stream in, and the longest line; a BOM, CRLF
// line ends and quoted line breaks with the right line numbers; two imports of the same
// addresses at once; a list deleted while its import runs; an import its server never finished.
import { request } from "node:http";
import { connect } from "node:net";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { parse } from "csv-parse/sync";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;
const MiB = 1024 * 1024;

const postCsv = (csv: string, auth: { key?: string; cookie?: string }, query = "") =>
  call(`/api/v1/contacts/import${query}`, { ...auth, method: "POST", raw: csv, headers: { "content-type": "text/csv" } });

async function defineProperties(cookie: string, props: Record<string, string>) {
  for (const [key, type] of Object.entries(props)) {
    const res = await call("/api/v1/contacts/properties", { cookie, body: { key, type } });
    expect(res.status, key).toBe(201);
  }
}

const PROPS = { plan: "string", seats: "number", vip: "boolean", signup: "date" };

describe("contact import", () => {
  let org: Org;
  let key: string;
  beforeAll(async () => {
    org = await newOrg();
    await defineProperties(org.cookie, PROPS);
  });
  beforeEach(async () => {
    key = (await createKey(org.cookie, ["contacts:read", "contacts:write", "lists:read", "lists:write"])).key;
  });

  it("imports the good rows and records each refused one with its line, email and reason", async () => {
    const existing = await call("/api/v1/contacts", {
      key,
      body: { email: "known@example.test", name: "Known Name", properties: { plan: "free", seats: 1 } },
    });
    expect(existing.status).toBe(201);
    const csv = [
      "Email,Name,subscription_status,plan,seats,vip,signup", // header names are case-insensitive
      "ada@example.test,Ada Lovelace,subscribed,pro,5,yes,2024-01-15",
      "not-an-email,Bad Email,,,,,",
      "bob@example.test,Bob,,team,many,,",
      "ADA@example.test,Ada again,,,,,",
      `long@example.test,${"x".repeat(201)},,,,,`,
      "cy@example.test,Cy,maybe,,,,",
      "dee@example.test,Dee,unsubscribed,,3.5,false,2024-02-30",
      "too,few,columns",
      "",
      "KNOWN@example.test,,unsubscribed,,7,,", // existing contact: empty cells keep stored values
      '"quoted@example.test","Quote, ""The"" Person",,"enterprise",,TRUE,2024-03-01T10:30:00+02:00',
      ",No Email,,,,,",
    ].join("\n");
    const res = await postCsv(csv, { key });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: "completed",
      listId: null,
      rows: 11,
      created: 2,
      updated: 1,
      failed: 8,
      error: null,
      finishedAt: expect.any(String),
    });
    const id = res.body.data.id;

    const report = await call(`/api/v1/contacts/imports/${id}`, { key });
    expect(report.status).toBe(200);
    expect(report.body.pagination).toEqual({ page: 1, perPage: 100, total: 8 });
    const byLine = Object.fromEntries(
      report.body.data.errors.map((e: { line: number; email: string | null; message: string }) => [e.line, e]),
    );
    expect(Object.keys(byLine).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 13]);
    expect(byLine[3]).toMatchObject({ email: "not-an-email", message: expect.stringContaining("not a valid email address") });
    expect(byLine[4]).toMatchObject({ email: "bob@example.test", message: expect.stringMatching(/seats \(number\): expected a number/) });
    expect(byLine[5]).toMatchObject({ email: "ada@example.test", message: expect.stringContaining("already on line 2") });
    expect(byLine[6].message).toContain("name: at most 200 characters");
    expect(byLine[7].message).toContain("subscription_status: subscribed or unsubscribed");
    expect(byLine[8].message).toMatch(/signup \(date\): expected an ISO 8601 date/);
    expect(byLine[9]).toMatchObject({ email: "too", message: "expected 7 columns, found 3" });
    expect(byLine[13]).toMatchObject({ email: null, message: "email is required" });

    const contacts = await db().contact.findMany({
      where: { orgId: org.org.id, email: { in: ["ada@example.test", "known@example.test", "quoted@example.test", "bob@example.test"] } },
    });
    const byEmail = Object.fromEntries(contacts.map((c) => [c.email, c]));
    expect(Object.keys(byEmail).sort()).toEqual(["ada@example.test", "known@example.test", "quoted@example.test"]);
    expect(byEmail["ada@example.test"]).toMatchObject({
      name: "Ada Lovelace",
      subscriptionStatus: "subscribed",
      properties: { plan: "pro", seats: 5, vip: true, signup: "2024-01-15T00:00:00.000Z" },
    });
    expect(byEmail["known@example.test"]).toMatchObject({
      name: "Known Name",
      subscriptionStatus: "unsubscribed",
      properties: { plan: "free", seats: 7 },
    });
    expect(byEmail["known@example.test"].unsubscribedAt).toBeInstanceOf(Date);
    expect(byEmail["quoted@example.test"]).toMatchObject({
      name: 'Quote, "The" Person',
      properties: { plan: "enterprise", vip: true, signup: "2024-03-01T08:30:00.000Z" },
    });

    const listed = await call("/api/v1/contacts/imports", { key });
    expect(listed.body.data[0]).toMatchObject({ id, rows: 11, failed: 8 });
    const second = await call(`/api/v1/contacts/imports/${id}?page=2&perPage=5`, { key });
    expect(second.body.data.errors.map((e: { line: number }) => e.line)).toEqual([8, 9, 13]);
    const audit = await db().auditLog.findFirstOrThrow({ where: { orgId: org.org.id, targetId: id } });
    expect(audit).toMatchObject({
      action: "contact_import.completed",
      actorType: "api_key",
      metadata: { rows: 11, created: 2, updated: 1, failed: 8 },
    });
  });

  it("refuses an unusable upload with 400 before importing anything", async () => {
    const before = await db().contactImport.count({ where: { orgId: org.org.id } });
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        "email,name,favourite_colour,shoe_size\na@example.test,A,red,9",
        { "content-type": "text/csv" },
        /unknown columns "favourite_colour", "shoe_size"/,
      ],
      ["name,plan\nA,pro", { "content-type": "text/csv" }, /an email column is required/],
      ["email,name,Email\na@example.test,A,b@example.test", { "content-type": "text/csv" }, /column "email" appears twice/],
      ["", { "content-type": "text/csv" }, /header row is required/],
      ["email\na@example.test", { "content-type": "application/json" }, /headers\.content-type: expected text\/csv/],
      ['email,name\n"unclosed@example.test,A', { "content-type": "text/csv" }, /Malformed CSV/],
    ];
    for (const [csv, headers, message] of cases) {
      const res = await call("/api/v1/contacts/import", { key, method: "POST", raw: csv, headers });
      expect(res.status, csv).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(message);
    }
    // The malformed file got as far as an import record (its header was fine), marked failed.
    const after = await db().contactImport.findMany({ where: { orgId: org.org.id }, orderBy: { createdAt: "desc" } });
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ status: "failed", rows: 0, error: expect.stringContaining("Malformed CSV") });
    expect(await db().contact.count({ where: { orgId: org.org.id, email: "a@example.test" } })).toBe(0);
    const otherList = (await call("/api/v1/lists", { cookie: (await newOrg()).cookie, body: { name: "theirs" } })).body.data;
    const res = await postCsv("email\nz@example.test", { key }, `?listId=${otherList.id}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain("query.listId: no such list");
  });

  it("adds every imported contact, new or updated, to the list given", async () => {
    const list = (await call("/api/v1/lists", { key, body: { name: `Imported ${Date.now()}` } })).body.data;
    await call("/api/v1/contacts", { key, body: { email: "member-before@example.test" } });
    const csv = "email,name\nmember-before@example.test,Before\nnew-one@example.test,One\nnew-two@example.test,Two\nbroken,Nope";
    const res = await postCsv(csv, { key }, `?listId=${list.id}`);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ listId: list.id, created: 2, updated: 1, failed: 1 });
    const members = await call(`/api/v1/lists/${list.id}/members`, { key });
    expect(members.body.data.map((c: { email: string }) => c.email).sort()).toEqual([
      "member-before@example.test",
      "new-one@example.test",
      "new-two@example.test",
    ]);
    expect((await call(`/api/v1/lists/${list.id}`, { key })).body.data).toMatchObject({ members: 3, subscribedMembers: 3 });
    // Importing again keeps them members once.
    expect((await postCsv(csv, { key }, `?listId=${list.id}`)).body.data).toMatchObject({ created: 0, updated: 3 });
    expect((await call(`/api/v1/lists/${list.id}`, { key })).body.data.members).toBe(3);
  });

  it("reads a byte-order mark, CRLF line ends and quoted line breaks, naming the line each refused row ends on", async () => {
    const csv = [
      "\uFEFFemail,name,plan", // line 1
      'crlf-1@example.test,"Two\r\nlines",pro', // lines 2-3: refused (a name has no line breaks)
      "not-an-email,Bad,", // line 4
      '"crlf-2@example.test","Said ""hi""","multi\r\nline\r\nplan"', // lines 5-7: a string property may hold line breaks
      "crlf-3@example.test,Three,team", // line 8
      "also-bad,Bad,", // line 9
    ].join("\r\n");
    const res = await postCsv(csv, { key });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ rows: 5, created: 2, failed: 3 });
    const errors = (await call(`/api/v1/contacts/imports/${res.body.data.id}`, { key })).body.data.errors;
    expect(errors.map((e: { line: number; email: string }) => [e.line, e.email])).toEqual([
      [3, "crlf-1@example.test"],
      [4, "not-an-email"],
      [9, "also-bad"],
    ]);
    const stored = await db().contact.findFirstOrThrow({ where: { orgId: org.org.id, email: "crlf-2@example.test" } });
    expect(stored).toMatchObject({ name: 'Said "hi"', properties: { plan: "multi\r\nline\r\nplan" } });
  });

  it("refuses a line longer than 256 KiB with 413, keeping the rows read before it", async () => {
    const csv = `email,name\nbefore-long@example.test,Before\nlong@example.test,${"x".repeat(300 * 1024)}\nafter-long@example.test,After\n`;
    const res = await postCsv(csv, { key });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("PAYLOAD_TOO_LARGE");
    const stopped = /row at line 3 is longer than 256 KiB \(is a quote left open\?\) \(import [0-9a-f-]{36} stopped after line (\d)/.exec(
      res.body.error,
    );
    expect(stopped, res.body.error).not.toBeNull();
    // The parser may refuse the file before it hands over the row before (in the same chunk); the message says which.
    const imported = await db().contact.findMany({
      where: { orgId: org.org.id, email: { in: ["before-long@example.test", "long@example.test", "after-long@example.test"] } },
    });
    expect(imported.map((c) => c.email)).toEqual(stopped![1] === "2" ? ["before-long@example.test"] : []);
  });

  it("writes every row of imports of the same addresses running at once, none refused", { timeout: 120_000 }, async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["contacts:read", "contacts:write"])).key;
    const csv = (list: string[]) => `email,name\n${list.map((e) => `${e},Name`).join("\n")}\n`;
    for (let round = 0; round < 3; round++) {
      const emails = Array.from({ length: 3000 }, (_, i) => `both-${round}-${i}@example.test`);
      // Four at once, two in each order, so that each meets rows the others are creating.
      const files = [emails, [...emails].reverse(), emails, [...emails].reverse()].map(csv);
      const answers = await Promise.all(files.map((f) => postCsv(f, { key: k })));
      expect(
        answers.map((r) => r.status),
        JSON.stringify(answers.map((r) => r.body)),
      ).toEqual([201, 201, 201, 201]);
      for (const r of answers) expect(r.body.data).toMatchObject({ status: "completed", rows: 3000, failed: 0 });
      const sum = (f: "created" | "updated") => answers.reduce((n, r) => n + r.body.data[f], 0);
      expect([sum("created"), sum("updated")]).toEqual([3000, 9000]);
    }
    expect(await db().contact.count({ where: { orgId: own.org.id } })).toBe(9000);
  });

  it("records an upload that stops part-way (the client went away) as failed, never left running", { timeout: 60_000 }, async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["contacts:read", "contacts:write"])).key;
    const url = new URL(inject("baseUrl"));
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((r) => socket.once("connect", r));
    const rows = Array.from({ length: 3000 }, (_, i) => `gone-away-${i}@example.test`).join("\n");
    // Announces 10 MB, sends 3,000 rows, then hangs up.
    socket.write(
      `POST /api/v1/contacts/import HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${k}\r\nContent-Type: text/csv\r\nContent-Length: 10000000\r\n\r\nemail\n${rows}\n`,
    );
    await until(async () => ((await db().contactImport.findFirst({ where: { orgId: own.org.id } }))?.created ?? 0) >= 1000);
    socket.destroy();
    await until(async () => (await db().contactImport.findFirstOrThrow({ where: { orgId: own.org.id } })).status !== "running");
    const record = await db().contactImport.findFirstOrThrow({ where: { orgId: own.org.id } });
    expect(record).toMatchObject({
      status: "failed",
      error: expect.stringContaining("the upload stopped before the end of the file"),
      finishedAt: expect.any(Date),
    });
    // Every row read before the connection closed was imported, none twice.
    expect(await db().contact.count({ where: { orgId: own.org.id } })).toBe(record.created);
    expect(record.rows).toBe(record.created);
  });

  it("stops an import into a list deleted while it runs with 404, keeping the batches written before", { timeout: 60_000 }, async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["contacts:read", "contacts:write", "lists:write"])).key;
    const list = (await call("/api/v1/lists", { key: k, body: { name: "Going away" } })).body.data;
    const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `gone-${from + i}@example.test\n`).join("");
    const upload = startUpload(`/api/v1/contacts/import?listId=${list.id}`, k);
    upload.write(`email\n${rows(0, 1500)}`);
    // The first batch (1,000 rows) is written while the rest of the file is still to come.
    await until(async () => (await db().contactImport.findFirst({ where: { orgId: own.org.id } }))?.created === 1000);
    expect((await call(`/api/v1/lists/${list.id}`, { method: "DELETE", key: k })).status).toBe(200);
    upload.end(rows(1500, 3000));
    const res = await upload.answer;
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect(res.body.error).toMatch(
      /deleted during the import \(import [0-9a-f-]{36} stopped after line \d+; the rows before it were imported\)/,
    );
    expect(await db().contactImport.findFirstOrThrow({ where: { orgId: own.org.id } })).toMatchObject({
      status: "failed",
      created: 1000,
      error: expect.stringContaining("deleted"),
    });
    expect(await db().contact.count({ where: { orgId: own.org.id } })).toBe(1000);
  });

  it("shows an import its server never finished (it stopped mid-import) as failed once it is long past, audited", async () => {
    const own = await newOrg();
    const k = (await createKey(own.cookie, ["contacts:read"])).key;
    // What a server that died part-way leaves behind: a running import, long ago; and one that is running now.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const dead = await db().contactImport.create({
      data: { orgId: own.org.id, status: "running", rows: 2000, created: 2000, createdAt: hourAgo },
    });
    const deadToo = await db().contactImport.create({
      data: { orgId: own.org.id, status: "running", rows: 1000, created: 1000, createdAt: hourAgo },
    });
    const live = await db().contactImport.create({ data: { orgId: own.org.id, status: "running" } });

    expect((await call(`/api/v1/contacts/imports/${deadToo.id}`, { key: k })).body.data).toMatchObject({
      status: "failed",
      rows: 1000,
      error: expect.stringContaining("interrupted"),
    });
    const listed = await call("/api/v1/contacts/imports", { key: k });
    const byId = Object.fromEntries(listed.body.data.map((i: { id: string }) => [i.id, i]));
    expect(byId[dead.id]).toMatchObject({
      status: "failed",
      rows: 2000,
      created: 2000,
      error: expect.stringContaining("interrupted"),
      finishedAt: expect.any(String),
    });
    expect(byId[live.id]).toMatchObject({ status: "running", error: null, finishedAt: null });
    const audits = await db().auditLog.findMany({ where: { orgId: own.org.id, action: "contact_import.failed" } });
    expect(audits.map((a) => [a.targetId, a.actorType]).sort()).toEqual(
      [
        [dead.id, "system"],
        [deadToo.id, "system"],
      ].sort(),
    );
  });
});

describe("the OpenAPI document", () => {
  it("describes the import's text/csv body and the export's text/csv answer", async () => {
    const doc = (await call("/api/v1/openapi.json")).body;
    const post = doc.paths["/api/v1/contacts/import"].post;
    expect(Object.keys(post.requestBody.content)).toEqual(["text/csv"]);
    expect(post["x-required-scope"]).toBe("contacts:write");
    expect(post.responses["201"].content["application/json"].schema.properties.data.properties).toHaveProperty("failed");
    expect(post.responses).toHaveProperty("413");
    const get = doc.paths["/api/v1/contacts/export"].get;
    expect(Object.keys(get.responses["200"].content)).toEqual(["text/csv"]);
    expect(get.parameters.map((p: { name: string }) => p.name)).toEqual(["q", "subscriptionStatus", "listId"]);
  });
});

describe("contact export", () => {
  it("streams the filtered contacts as CSV with formulas escaped, and imports back unchanged", async () => {
    const org = await newOrg();
    await defineProperties(org.cookie, PROPS);
    const cookie = org.cookie;
    const people = [
      {
        email: "formula@example.test",
        name: '=HYPERLINK("http://evil.test","x")',
        properties: { plan: "+cmd|' /C calc'!A0", seats: -5, vip: true },
      },
      { email: "at@example.test", name: "@SUM(A1:A2)", properties: { plan: "-2+3", signup: "2024-05-01" } },
      { email: "plain@example.test", name: 'Plain, "quoted" name', subscriptionStatus: "unsubscribed", properties: { seats: 12.5 } },
      { email: "quote@example.test", name: "'=already quoted", properties: { plan: "'plain quote" } },
    ];
    for (const p of people) expect((await call("/api/v1/contacts", { cookie, body: p })).status).toBe(201);

    const res = await fetch(`${inject("baseUrl")}/api/v1/contacts/export`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const text = await res.text();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual(["email", "name", "subscription_status", "created_at", "plan", "seats", "signup", "vip"]);
    const byEmail = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(Object.keys(byEmail)).toEqual(["formula@example.test", "at@example.test", "plain@example.test", "quote@example.test"]); // oldest first
    expect(byEmail["formula@example.test"]).toEqual([
      "formula@example.test",
      '\'=HYPERLINK("http://evil.test","x")',
      "subscribed",
      expect.any(String),
      "'+cmd|' /C calc'!A0",
      "-5",
      "",
      "true",
    ]);
    expect(byEmail["at@example.test"].slice(1, 2)).toEqual(["'@SUM(A1:A2)"]);
    expect(byEmail["at@example.test"].slice(4)).toEqual(["'-2+3", "", "2024-05-01T00:00:00.000Z", ""]);
    expect(byEmail["plain@example.test"]).toEqual([
      "plain@example.test",
      'Plain, "quoted" name',
      "unsubscribed",
      expect.any(String),
      "",
      "12.5",
      "",
      "",
    ]);
    // A value that starts with a quote and a formula character keeps its own quote through import.
    expect(byEmail["quote@example.test"].slice(1, 2).concat(byEmail["quote@example.test"][4])).toEqual([
      "''=already quoted",
      "'plain quote",
    ]);

    // Filters are the list's: ?q and property comparisons.
    const filtered = await fetch(`${inject("baseUrl")}/api/v1/contacts/export?${new URLSearchParams({ "property[seats][gt]": "0" })}`, {
      headers: { cookie },
    });
    expect((parse(await filtered.text()) as string[][]).slice(1).map((r) => r[0])).toEqual(["plain@example.test"]);
    const bad = await fetch(`${inject("baseUrl")}/api/v1/contacts/export?property[nope]=1`, { headers: { cookie } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain("query.property[nope]");

    // The export imports into another organization with the same properties as it was.
    const other = await newOrg();
    await defineProperties(other.cookie, PROPS);
    const imported = await postCsv(text, { cookie: other.cookie });
    expect(imported.status).toBe(201);
    expect(imported.body.data).toMatchObject({ rows: 4, created: 4, failed: 0 });
    const pick = (c: { email: string; name: string; subscriptionStatus: string; properties: unknown }) => ({
      email: c.email,
      name: c.name,
      subscriptionStatus: c.subscriptionStatus,
      properties: c.properties,
    });
    // One import writes a batch in one statement: its contacts share a creation time, so compare by address.
    const byAddress = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
    const mine = (await call("/api/v1/contacts", { cookie })).body.data.map(pick).sort(byAddress);
    const theirs = (await call("/api/v1/contacts", { cookie: other.cookie })).body.data.map(pick).sort(byAddress);
    expect(theirs).toEqual(mine);
    expect(theirs.find((c: { email: string }) => c.email === "formula@example.test").name).toBe('=HYPERLINK("http://evil.test","x")');
    expect(theirs.find((c: { email: string }) => c.email === "quote@example.test").name).toBe("'=already quoted");
  });
});

/** A chunked upload the test writes as it goes; `answer` is the server's status and body. */
function startUpload(path: string, key: string) {
  const req = request(new URL(path, inject("baseUrl")), {
    method: "POST",
    agent: false,
    headers: { authorization: `Bearer ${key}`, "content-type": "text/csv", "transfer-encoding": "chunked" },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    // Writing fails once the server has answered and closed: the answer still counts.
    req.on("error", (err) => setTimeout(() => reject(err), 2_000));
  });
  return { write: (text: string) => req.write(text), end: (text: string) => req.end(text), answer };
}

/** Resolves once `check` holds (polled every 50 ms, for at most 20 s). */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met within 20 s");
}

/** POSTs a body as it streams (chunked), `chunk` `times` over, and resolves with the answer's status and body. */
function streamUpload(path: string, key: string, first: string, chunk: Buffer, times: number): Promise<{ status: number; body: any }> {
  const url = new URL(path, inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "POST",
      agent: false,
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    // Writing fails once the server has answered and closed: the answer still counts.
    req.on("error", (err) => setTimeout(() => reject(err), 2_000));
    req.write(first);
    let sent = 0;
    const pump = () => {
      while (sent < times) {
        sent++;
        if (!req.write(chunk)) return req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("contact import limits", () => {
  it(
    "refuses a declared body over 100 MiB at once, and a streamed one once 100 MiB have arrived, keeping the rows before",
    { timeout: 120_000 },
    async () => {
      const org = await newOrg();
      const key = (await createKey(org.cookie, ["contacts:read", "contacts:write"])).key;
      const declared = await new Promise<{ status: number; body: any }>((resolve, reject) => {
        const req = request(new URL("/api/v1/contacts/import", inject("baseUrl")), {
          method: "POST",
          agent: false,
          headers: { authorization: `Bearer ${key}`, "content-type": "text/csv", "content-length": String(100 * MiB + 1) },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on("error", (err) => setTimeout(() => reject(err), 2_000));
        req.write("email\n");
      });
      expect(declared.status).toBe(413);
      expect(declared.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", error: expect.stringContaining("100 MiB") });
      expect(await db().contactImport.count({ where: { orgId: org.org.id } })).toBe(0);

      // A header, two rows, then blank lines (which are skipped) past the limit.
      const streamed = await streamUpload(
        "/api/v1/contacts/import",
        key,
        "email,name\nfirst@example.test,First\nsecond@example.test,Second\n",
        Buffer.alloc(MiB, "\n"),
        101,
      );
      expect(streamed.status).toBe(413);
      expect(streamed.body.code).toBe("PAYLOAD_TOO_LARGE");
      expect(streamed.body.error).toMatch(
        /exceeds the 100 MiB limit \(import [0-9a-f-]{36} stopped after line 3; the rows before it were imported\)/,
      );
      const record = await db().contactImport.findFirstOrThrow({ where: { orgId: org.org.id } });
      expect(record).toMatchObject({ status: "failed", rows: 2, created: 2, error: expect.stringContaining("100 MiB") });
      expect(await db().contact.count({ where: { orgId: org.org.id } })).toBe(2);
    },
  );
});
