// Hostile input the fuzz suite (tests/fuzz) found answered with a 500, each now refused or
// handled as documented: text PostgreSQL cannot store (NUL, lone surrogates) in bodies, queries
// and paths; a malformed percent-escape in the path; NUL in an uploaded CSV; and the same text
// arriving from providers (inbound mail, event webhooks), which is cleaned, not refused.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { postmarkInboundJson, postmarkInboundProvider, postPostmark, processed, type PostmarkInbound } from "../helpers/inbound-post";
import { db } from "@/lib/db/client";

type Org = Awaited<ReturnType<typeof newOrg>>;

let org: Org;
let key: string;

beforeAll(async () => {
  org = await newOrg();
  key = (await createKey(org.cookie, ["*"])).key;
});

const json = { "content-type": "application/json" };
const counts = async () => ({
  projects: await db().project.count({ where: { orgId: org.org.id } }),
  contacts: await db().contact.count({ where: { orgId: org.org.id } }),
  useCases: await db().useCase.count({ where: { orgId: org.org.id } }),
  messages: await db().message.count({ where: { orgId: org.org.id } }),
});

describe("text the database cannot store", () => {
  it("a NUL character anywhere in a JSON body is 400 VALIDATION_ERROR naming the field, and nothing is written", async () => {
    const before = await counts();
    const cases: [string, string, string][] = [
      ["/api/v1/projects", '{"name":"a\\u0000b"}', "body.name"],
      ["/api/v1/use-cases", '{"name":"ok","description":"x\\u0000"}', "body.description"],
      ["/api/v1/contacts", '{"email":"nul@example.test","name":"\\u0000"}', "body.name"],
      ["/api/v1/email/send", '{"to":"a@example.test","subject":"s","text":"t","metadata":{"k":"\\u0000"}}', "body.metadata.k"],
      ["/api/v1/email/send", '{"to":"a@example.test","subject":"s","text":"t","metadata":{"k\\u0000":"v"}}', "body.metadata.k"],
    ];
    for (const [path, raw, field] of cases) {
      const res = await call(path, { key, method: "POST", raw, headers: json });
      expect(res.status, raw).toBe(400);
      expect(res.body).toEqual({
        error: expect.stringContaining(`${field}: NUL characters`),
        code: "VALIDATION_ERROR",
        requestId: expect.stringMatching(/^req_/),
      });
    }
    const legacy = await call("/api/projects", { cookie: org.cookie, method: "POST", raw: '{"name":"a\\u0000"}', headers: json });
    expect(legacy.status).toBe(400);
    expect(legacy.body).toEqual({ error: expect.stringContaining("body.name: NUL characters"), code: "VALIDATION_ERROR" });
    expect(await counts()).toEqual(before);
  });

  it("a lone surrogate is 400 VALIDATION_ERROR too (jsonb columns cannot hold one)", async () => {
    const before = await counts();
    for (const raw of [
      '{"to":"a@example.test","subject":"s","text":"t","metadata":{"k":"\\ud800"}}',
      '{"to":"a@example.test","subject":"\\udc00","text":"t"}',
    ]) {
      const res = await call("/api/v1/email/send", { key, method: "POST", raw, headers: json });
      expect(res.status, raw).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain("not well-formed Unicode");
    }
    expect(await counts()).toEqual(before);
  });

  it("NUL in a query parameter or a path parameter is 400, not a database error", async () => {
    const query = await call("/api/v1/contacts?q=a%00b", { key });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("query.q: NUL characters") });
    const path = await call("/api/v1/suppressions/a%00b%40example.test", { key });
    expect(path.status).toBe(400);
    expect(path.body).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("params.email: NUL characters") });
  });
});

describe("numbers past a database integer", () => {
  it("a template version above 2^31-1 is 400 VALIDATION_ERROR wherever one is named", async () => {
    const template = await call("/api/v1/templates", { key, body: { name: "Versioned", subject: "Hi", html: "<p>x</p>" } });
    expect(template.status).toBe(201);
    const id = template.body.data.id;
    const list = await call("/api/v1/lists", { key, body: { name: "Versioned list" } });
    const sender = await db().sender.create({ data: { orgId: org.org.id, email: "versions@example.test", confirmedAt: new Date() } });
    const attempts = [
      call(`/api/v1/templates/${id}?version=3000000000`, { key }),
      call(`/api/v1/templates/${id}/preview`, { key, body: { version: 3_000_000_000 } }),
      call("/api/v1/email/send", { key, body: { to: "a@example.test", templateId: id, templateVersion: 3_000_000_000 } }),
      call("/api/v1/email/send-templated", {
        key,
        body: { templateId: id, templateVersion: 3_000_000_000, recipients: ["a@example.test"] },
      }),
      call("/api/v1/campaigns", {
        key,
        body: { name: "Big version", listId: list.body.data.id, senderId: sender.id, templateId: id, templateVersion: 3_000_000_000 },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(/version|templateVersion/i);
    }
    // The largest one is still a number the database can look up: not found, not a crash.
    const top = await call(`/api/v1/templates/${id}?version=2147483647`, { key });
    expect(top.status).toBe(404);
  });
});

describe("malformed percent-encoding in the path", () => {
  it("is 400 VALIDATION_ERROR in each family's shape, not Next.js's bare 500", async () => {
    for (const path of ["/api/v1/contacts/%zz", "/api/v1/templates/%E0%A4%A", "/api/v1/suppressions/%", "/api/v1/nothing/%zz"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await call(path, { key, method });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body).toEqual({
          error: "Malformed percent-encoding in the request path",
          code: "VALIDATION_ERROR",
          requestId: expect.stringMatching(/^req_/),
        });
        expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
      }
    }
    for (const path of ["/api/providers/%zz", "/api/webhook-endpoints/%zz/test", "/api/nothing/%E0%A4%A"]) {
      const res = await call(path, { cookie: org.cookie, method: "POST" });
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: "Malformed percent-encoding in the request path", code: "VALIDATION_ERROR" });
    }
  });

  it("leaves well-formed escapes to the routes", async () => {
    const created = await call("/api/v1/suppressions", { key, body: { email: "escaped@example.test" } });
    expect(created.status).toBe(201);
    const res = await call("/api/v1/suppressions/escaped%40example.test", { key });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe("escaped@example.test");
  });
});

describe("NUL in an uploaded CSV", () => {
  it("refuses that row with a reason, imports the others, and answers 201", async () => {
    const csv = "email,name\ngood-nul@example.test,Good\nbad\u0000nul@example.test,Bad\nnamed@example.test,Na\u0000me\n";
    const res = await call("/api/v1/contacts/import", { key, method: "POST", raw: csv, headers: { "content-type": "text/csv" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "completed", rows: 3, created: 1, failed: 2 });
    const report = await call(`/api/v1/contacts/imports/${res.body.data.id}`, { key });
    expect(report.body.data.errors).toEqual([
      expect.objectContaining({ line: 3, email: "badnul@example.test", message: expect.stringContaining("NUL characters") }),
      expect.objectContaining({ line: 4, email: "named@example.test", message: expect.stringContaining("NUL characters") }),
    ]);
    expect(await db().contact.count({ where: { orgId: org.org.id, email: "good-nul@example.test" } })).toBe(1);
  });
});

describe("the same text from providers", () => {
  let provider: PostmarkInbound;
  beforeAll(async () => {
    provider = await postmarkInboundProvider(org.cookie, { isActive: false });
  });

  it("inbound mail with NUL and lone surrogates in every field is kept, cleaned, and reads back", async () => {
    const mail = postmarkInboundJson({
      from: { email: "alice@example.com", name: "Al\u0000ice" },
      to: [{ email: "support@acme.test" }],
      subject: "Sub\udc00ject\u0000",
      text: "Bo\u0000dy\ud800",
    });
    const body = JSON.stringify({
      ...mail,
      Headers: [{ Name: "X-Odd\udc00", Value: "v\u0000" }],
      Attachments: [{ Name: "a\u0000.txt", Content: Buffer.from("hi").toString("base64"), ContentType: "text/plain" }],
    });
    const res = await postPostmark(provider, body);
    expect(res.status).toBe(200);
    const [id] = res.body.ids;
    const row = await processed(id);
    expect(row).toMatchObject({ fromName: "Alice", subject: "Sub\ufffdject", text: "Body\ufffd" });
    const read = await call(`/api/v1/inbox/messages/${id}`, { key });
    expect(read.status).toBe(200);
    expect(read.body.data.attachments[0].filename).toBe("a.txt");
  });

  it("a provider event naming a message id with NUL is acknowledged and dropped, not a 500", async () => {
    const events = [
      { RecordType: "Delivery", MessageID: "a\u0000b", Recipient: "a@example.test", DeliveredAt: "2026-01-01T00:00:00Z" },
      { RecordType: "Delivery", MessageID: "a\udc00b", Recipient: "a\u0000@example.test", DeliveredAt: "2026-01-01T00:00:00Z" },
    ];
    for (const event of events) {
      const res = await call(`/api/webhooks/providers/${provider.id}`, {
        raw: JSON.stringify(event),
        headers: {
          "content-type": "application/json",
          authorization: `Basic ${Buffer.from(`${provider.username}:${provider.password}`).toString("base64")}`,
        },
      });
      expect(res.status, JSON.stringify(event)).toBe(200);
      expect(res.body).toEqual({ received: 1, published: 0 });
    }
  });
});
