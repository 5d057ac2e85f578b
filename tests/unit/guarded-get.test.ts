// The guarded GET that fetches attachments by URL, against a real local HTTP server: what it
// returns, when it stops (status, redirects, size, deadline) and what the address policy refuses.
// A failure never carries what the remote side answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { guardedGet, type GuardedGetOptions } from "@/lib/net/guarded-get";

let server: http.Server;
let base: string;
let connections = 0;

const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  "/file.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7 bytes"),
  "/missing": (_req, res) => res.writeHead(404, { "content-type": "text/plain" }).end("internal secret page"),
  "/big": (_req, res) => res.writeHead(200, { "content-length": "1000" }).end(Buffer.alloc(1000, 1)),
  // No length declared: the limit must bite while reading.
  "/chunked": (_req, res) => {
    res.writeHead(200);
    for (let i = 0; i < 10; i++) res.write(Buffer.alloc(100, 2));
    res.end();
  },
  "/never": () => undefined, // holds the request open: only the deadline ends it
  // Starts the body, then goes silent: the idle limit ends it before any deadline.
  "/stall": (_req, res) => {
    res.writeHead(200);
    res.write("first bytes");
  },
  "/to-ftp": (_req, res) => res.writeHead(302, { location: "ftp://files.example/x" }).end(),
  "/to-credentials": (_req, res) => res.writeHead(302, { location: `${base}/file.pdf`.replace("//", "//user:pw@") }).end(),
  "/no-location": (_req, res) => res.writeHead(302).end(),
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    // /hop/N redirects N more times (relative Location), then serves the file.
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const n = Number(hop[1]);
      return res.writeHead(n === 0 ? 302 : 307, { location: n === 0 ? "/file.pdf" : `/hop/${n - 1}` }).end();
    }
    const route = routes[url.pathname];
    if (route) route(req, res);
    else res.writeHead(500).end();
  });
  server.on("connection", () => connections++);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const get = (path: string, opts: Partial<GuardedGetOptions> = {}) =>
  guardedGet({
    url: new URL(path, base),
    policy: { allowPrivate: true, subject: "attachment host" },
    budget: { left: 500 },
    signal: AbortSignal.timeout(5_000),
    maxRedirects: 3,
    userAgent: "test",
    ...opts,
  });

describe("guardedGet", () => {
  it("answers the body and its declared type, and takes its size from the budget", async () => {
    const budget = { left: 500 };
    const got = await get("/file.pdf", { budget });
    expect(got).toEqual({ ok: true, body: Buffer.from("%PDF-1.7 bytes"), contentType: "application/pdf" });
    expect(budget.left).toBe(500 - "%PDF-1.7 bytes".length);
  });

  it("answers an error status by its number only, never the body that came with it", async () => {
    const got = await get("/missing");
    expect(got).toEqual({ ok: false, failure: { kind: "status", status: 404 } });
    expect(JSON.stringify(got)).not.toContain("secret");
  });

  it("follows up to maxRedirects redirects, relative ones included, and refuses one more", async () => {
    expect(await get("/hop/2")).toMatchObject({ ok: true, body: Buffer.from("%PDF-1.7 bytes") }); // 3 redirects
    expect(await get("/hop/3")).toEqual({ ok: false, failure: { kind: "redirects" } }); // 4
    expect(await get("/hop/0", { maxRedirects: 0 })).toEqual({ ok: false, failure: { kind: "redirects" } });
  });

  it("refuses a redirect to anything but an http(s) URL without credentials; a redirect without Location is its status", async () => {
    expect(await get("/to-ftp")).toEqual({ ok: false, failure: { kind: "bad-redirect" } });
    expect(await get("/to-credentials")).toEqual({ ok: false, failure: { kind: "bad-redirect" } });
    expect(await get("/no-location")).toEqual({ ok: false, failure: { kind: "status", status: 302 } });
  });

  it("refuses a body past the budget, whether its length is declared or not", async () => {
    expect(await get("/big")).toEqual({ ok: false, failure: { kind: "too-large" } });
    expect(await get("/chunked")).toEqual({ ok: false, failure: { kind: "too-large" } });
    expect(await get("/chunked", { budget: { left: 1000 } })).toMatchObject({ ok: true });
  });

  it("shares one budget between several GETs", async () => {
    const budget = { left: 1500 };
    expect(await get("/chunked", { budget })).toMatchObject({ ok: true });
    expect(budget.left).toBe(500);
    expect(await get("/chunked", { budget })).toEqual({ ok: false, failure: { kind: "too-large" } });
  });

  it("takes from the request's budget too: a message's own budget cannot outspend the request's", async () => {
    const request = { left: 1200 };
    expect(await get("/chunked", { budget: { left: 1000, parent: request } })).toMatchObject({ ok: true });
    expect(request.left).toBe(200);
    // This message may take 1000 of its own, but only 200 are left in the request.
    expect(await get("/chunked", { budget: { left: 1000, parent: request } })).toEqual({ ok: false, failure: { kind: "too-large" } });
    expect(await get("/big", { budget: { left: 5000, parent: { left: 999 } } })).toEqual({ ok: false, failure: { kind: "too-large" } });
  });

  it("drops a connection that goes silent, long before the deadline", async () => {
    const started = Date.now();
    const got = await get("/stall", { idleMs: 200, signal: AbortSignal.timeout(20_000) });
    expect(got).toMatchObject({ ok: false, failure: { kind: "connection", error: { code: "ETIMEDOUT" } } });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("stops at the caller's deadline", async () => {
    expect(await get("/never", { signal: AbortSignal.timeout(300) })).toEqual({ ok: false, failure: { kind: "timeout" } });
  });

  it("describes a failed connection by its error, for its code to be named", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const got = await get(`http://127.0.0.1:${port}/x`);
    expect(got).toMatchObject({ ok: false, failure: { kind: "connection", error: { code: "ECONNREFUSED" } } });
  });
});

describe("guardedGet under the address policy (switch off)", () => {
  const strict = { allowPrivate: false, subject: "attachment host" };

  it("refuses plain http and a loopback address before connecting", async () => {
    const before = connections;
    expect(await get("/file.pdf", { policy: strict })).toEqual({
      ok: false,
      failure: { kind: "blocked", reason: expect.stringMatching(/not reached over https/) },
    });
    const https = new URL(base.replace("http:", "https:"));
    expect(await get(`${https.origin}/file.pdf`, { policy: strict })).toEqual({
      ok: false,
      failure: { kind: "blocked", reason: "attachment host 127.0.0.1 is a loopback address" },
    });
    expect(connections).toBe(before);
  });

  it("refuses a name that resolves to a private address at connect time", async () => {
    const got = await get("https://localhost/file.pdf", { policy: strict });
    expect(got).toEqual({
      ok: false,
      failure: { kind: "blocked", reason: "attachment host cannot reach localhost: it does not resolve to a public address" },
    });
  });
});
