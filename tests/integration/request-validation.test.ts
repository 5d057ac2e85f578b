// Bad input gets the documented error and changes nothing: malformed JSON, wrong content
// type, oversized bodies, unknown fields, bad query values, cross-site writes.
import { request } from "node:http";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";

let owner: Awaited<ReturnType<typeof newOrg>>;
let key: string;

async function projectCount() {
  return (await call("/api/v1/projects", { cookie: owner.cookie })).body.pagination.total as number;
}

beforeAll(async () => {
  owner = await newOrg();
  key = (await createKey(owner.cookie, ["org:read", "org:write"])).key;
});

describe("v1 bodies", () => {
  it("malformed JSON is 400 VALIDATION_ERROR with a readable message", async () => {
    const res = await call("/api/v1/projects", {
      key,
      method: "POST",
      raw: '{"name": "x",',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: expect.stringMatching(/^Malformed JSON/),
      code: "VALIDATION_ERROR",
      requestId: expect.stringMatching(/^req_/),
    });
  });

  it("a missing or wrong Content-Type is 400 VALIDATION_ERROR, not 415", async () => {
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }] as Record<
      string,
      string
    >[]) {
      const res = await call("/api/v1/projects", { key, method: "POST", raw: '{"name":"ct"}', headers });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toMatch(/Content-Type must be application\/json/);
    }
    // No Content-Type header at all (a byte body, so fetch adds none).
    const res = await fetch(`${inject("baseUrl")}/api/v1/projects`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: new TextEncoder().encode('{"name":"no type"}') as unknown as BodyInit,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "VALIDATION_ERROR",
      error: expect.stringMatching(/Content-Type must be application\/json/),
    });
  });

  it("accepts application/json with a charset", async () => {
    const res = await call("/api/v1/projects", {
      key,
      method: "POST",
      raw: '{"name":"charset ok"}',
      headers: { "content-type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(201);
  });

  it("an empty body, a non-object, a missing field, a wrong type and an unknown field are each 400", async () => {
    const before = await projectCount();
    const cases: [string, RegExp][] = [
      ["", /empty/],
      ["[]", /body: /],
      ["{}", /body\.name/],
      ['{"name": 42}', /body\.name/],
      ['{"name": "   "}', /body\.name/],
      ['{"name": "ok", "extra": true}', /extra/],
      [JSON.stringify({ name: "x".repeat(101) }), /body\.name/],
    ];
    for (const [raw, message] of cases) {
      const res = await call("/api/v1/projects", { key, method: "POST", raw, headers: { "content-type": "application/json" } });
      expect(res.status, raw).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error, raw).toMatch(message);
    }
    expect(await projectCount()).toBe(before);
  });

  it("a duplicate name is 409 CONFLICT", async () => {
    await call("/api/v1/projects", { key, body: { name: "Twice" } });
    const res = await call("/api/v1/projects", { key, body: { name: "Twice" } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("CONFLICT");
  });

  it("a body over 1 MiB is 413 in the v1 shape and nothing is created", async () => {
    const before = await projectCount();
    const res = await call("/api/v1/projects", { key, body: { name: "big", pad: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: expect.stringContaining("1 MiB"),
      code: "PAYLOAD_TOO_LARGE",
      requestId: expect.stringMatching(/^req_/),
    });
    expect(await projectCount()).toBe(before);
  });

  it("an oversized chunked body (no Content-Length) is refused too", async () => {
    // Own connection (agent: false): the server stops reading mid-upload and closes it.
    const url = new URL("/api/v1/projects", inject("baseUrl"));
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // Writing may fail once the server has answered and closed: the answer still counts.
      req.on("error", (err) => setTimeout(() => reject(err), 1_000));
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 20) {
          sent++;
          if (!req.write(chunk)) return req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });
});

describe("v1 queries", () => {
  it("rejects bad pagination values with 400 naming the parameter", async () => {
    for (const q of ["page=0", "perPage=0", "perPage=101", "page=abc", "perPage=1.5"]) {
      const res = await call(`/api/v1/projects?${q}`, { key });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error).toContain("query.");
    }
  });

  it("rejects query parameters the route does not take", async () => {
    for (const path of ["/api/v1/projects?sort=name", "/api/v1/organization?expand=all"]) {
      const res = await call(path, { key });
      expect(res.status, path).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("paginates with page and perPage", async () => {
    const total = await projectCount();
    const res = await call("/api/v1/projects?page=2&perPage=1", { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.pagination).toEqual({ page: 2, perPage: 1, total });
  });
});

describe("legacy bodies", () => {
  it("malformed JSON, wrong content type and unknown scopes are 400 {error}", async () => {
    const bad = await call("/api/api-keys", {
      cookie: owner.cookie,
      method: "POST",
      raw: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringMatching(/^Malformed JSON/), code: "VALIDATION_ERROR" });
    const ct = await call("/api/api-keys", {
      cookie: owner.cookie,
      method: "POST",
      raw: '{"name":"x","scopes":["org:read"]}',
      headers: { "content-type": "text/plain" },
    });
    expect(ct.status).toBe(400);
    const scope = await call("/api/api-keys", { cookie: owner.cookie, body: { name: "x", scopes: ["org:everything"] } });
    expect(scope.status).toBe(400);
    expect(scope.body.error).toContain("body.scopes.0");
    const none = await call("/api/api-keys", { cookie: owner.cookie, body: { name: "x", scopes: [] } });
    expect(none.status).toBe(400);
    const badProject = await call("/api/api-keys", {
      cookie: owner.cookie,
      body: { name: "x", scopes: ["org:read"], projectId: "not-a-uuid" },
    });
    expect(badProject.status).toBe(400);
  });

  it("a legacy body over 1 MiB is 413 {error}", async () => {
    const res = await call("/api/projects", { cookie: owner.cookie, body: { name: "big", pad: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.stringContaining("1 MiB"), code: "PAYLOAD_TOO_LARGE" });
  });

  it("a route that takes no body refuses one, and an oversized one with 413", async () => {
    const { id } = await createKey(owner.cookie, ["org:read"]);
    const withBody = await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie, body: { reason: "x" } });
    expect(withBody.status).toBe(400);
    const huge = await call(`/api/api-keys/${id}`, { method: "DELETE", cookie: owner.cookie, body: { pad: "x".repeat(1024 * 1024 + 10) } });
    expect(huge.status).toBe(413);
    const list = await call("/api/api-keys", { cookie: owner.cookie });
    expect(list.body.apiKeys.find((k: { id: string }) => k.id === id).revokedAt).toBeNull();
  });

  it("a malformed path id is 400, an unknown one 404", async () => {
    expect((await call("/api/api-keys/not-a-uuid", { method: "DELETE", cookie: owner.cookie })).status).toBe(400);
    expect((await call("/api/api-keys/00000000-0000-4000-8000-000000000000", { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });
});

describe("cross-site requests with a session cookie", () => {
  it("refuses writes marked cross-site, or from a foreign Origin, and creates nothing", async () => {
    const before = await projectCount();
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of attempts) {
      const v1 = await call("/api/v1/projects", { cookie: owner.cookie, body: { name: `csrf ${JSON.stringify(headers)}` }, headers });
      expect(v1.status, JSON.stringify(headers)).toBe(403);
      expect(v1.body.code).toBe("CROSS_SITE_REQUEST");
      const legacy = await call("/api/projects", { cookie: owner.cookie, body: { name: `csrf2 ${JSON.stringify(headers)}` }, headers });
      expect(legacy.status).toBe(403);
    }
    expect(await projectCount()).toBe(before);
  });

  it("compares the whole origin (scheme, host and port), and refuses a write with neither Origin nor Sec-Fetch-Site: same-origin", async () => {
    const before = await projectCount();
    const base = new URL(inject("baseUrl"));
    const raw = (headers: Record<string, string>) =>
      fetch(`${base.origin}/api/v1/projects`, {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/json", ...headers },
        body: JSON.stringify({ name: `csrf ${Math.random()}` }),
      });
    const refused: Record<string, string>[] = [
      {}, // no Origin, no Sec-Fetch-Site: a client that says nothing is not taken for our page
      { "sec-fetch-site": "none" },
      { origin: `https://${base.host}` }, // the same host over another scheme
      { origin: `${base.protocol}//${base.hostname}:${Number(base.port) + 1}` }, // another port
      { origin: `${base.origin}.evil.example` },
    ];
    for (const headers of refused) {
      const res = await raw(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await res.json()).code).toBe("CROSS_SITE_REQUEST");
    }
    expect(await projectCount()).toBe(before);
    // A browser's same-origin request without Origin says so in Sec-Fetch-Site.
    expect((await raw({ "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await raw({ origin: base.origin })).status).toBe(201);
  });

  it("accepts same-origin writes and reads from anywhere", async () => {
    const baseUrl = inject("baseUrl");
    const ok = await call("/api/projects", {
      cookie: owner.cookie,
      body: { name: "same origin" },
      headers: { origin: baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(ok.status).toBe(201);
    const read = await call("/api/projects", { cookie: owner.cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(read.status).toBe(200);
  });

  it("does not apply to bearer keys, which carry no ambient credentials", async () => {
    const res = await call("/api/v1/projects", {
      key,
      body: { name: "key from elsewhere" },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(res.status).toBe(201);
  });
});
