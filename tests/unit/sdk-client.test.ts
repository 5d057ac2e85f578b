// The client's requests against a scripted local HTTP server: the key and idempotency headers,
// query strings, which answers are retried (429 always; 503 with Retry-After and network failures
// only for a request safe to repeat) and the error of each answer.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Mailroom, MailroomError } from "@/sdk/src/index";

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

let server: Server;
let base: string;
let script: Answer[] = [];
const seen: Seen[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const a = script.shift() ?? { status: 200, body: { data: { ok: true }, requestId: "req_ok" } };
      res
        .writeHead(a.status, { "content-type": "application/json", "x-request-id": "req_hdr", ...a.headers })
        .end(JSON.stringify(a.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function run(answers: Answer[], maxRetries = 2) {
  script = [...answers];
  seen.length = 0;
  return new Mailroom("mr_test", { baseUrl: base, maxRetries });
}
const busy = (status: number, retryAfter?: string): Answer => ({
  status,
  headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
  body: { error: "busy", code: status === 429 ? "RATE_LIMITED" : "SERVICE_UNAVAILABLE", requestId: "req_busy" },
});
const send = { to: "a@example.test", subject: "s", text: "t" };

describe("the client's requests", () => {
  it("sends the key, the idempotency key and JSON, and answers the envelope's data", async () => {
    const client = run([{ status: 200, body: { data: { id: "m1", status: "sent" }, requestId: "req_1" } }]);
    expect(await client.emails.send(send, { idempotencyKey: "k1" })).toEqual({ id: "m1", status: "sent" });
    expect(seen[0]).toMatchObject({ method: "POST", url: "/api/v1/email/send", body: JSON.stringify(send) });
    expect(seen[0].headers).toMatchObject({ authorization: "Bearer mr_test", "idempotency-key": "k1", "content-type": "application/json" });
  });

  it("puts list filters in the query and pages by cursor through listAll", async () => {
    const page = (ids: string[], nextCursor: string | null) => ({
      status: 200,
      body: {
        data: ids.map((id) => ({ id })),
        pagination: { page: null, perPage: 2, total: 3, moreThanTotal: false, nextCursor },
        requestId: "r",
      },
    });
    const client = run([page(["a", "b"], "c1"), page(["c"], null)]);
    const ids: string[] = [];
    for await (const m of client.emails.listAll({ tag: "plan:pro", perPage: 2 })) ids.push(m.id);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(seen.map((s) => s.url)).toEqual([
      "/api/v1/email/messages?tag=plan%3Apro&perPage=2",
      "/api/v1/email/messages?tag=plan%3Apro&perPage=2&cursor=c1",
    ]);
  });

  it("retries a 429 after Retry-After, even a POST without an idempotency key", async () => {
    const client = run([busy(429, "0"), busy(429, "0")]);
    expect(await client.emails.send(send)).toEqual({ ok: true });
    expect(seen).toHaveLength(3);
  });

  it("retries a 503 with Retry-After for a GET or a keyed POST, never for a POST without a key", async () => {
    expect(await run([busy(503, "0")]).emails.getScheduled("s1")).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    expect(await run([busy(503, "0")]).emails.send(send, { idempotencyKey: "k" })).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
    const err = await run([busy(503, "0")])
      .emails.send(send)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", requestId: "req_busy" });
    expect(seen).toHaveLength(1);
    await run([busy(500)])
      .emails.getScheduled("s1")
      .catch(() => null);
    expect(seen).toHaveLength(1);
  });

  it("gives up after maxRetries with the last answer's error", async () => {
    const err = await run([busy(429, "0"), busy(429, "0"), busy(429, "0")], 2)
      .emails.getScheduled("s1")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailroomError);
    expect(err).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect(seen).toHaveLength(3);
  });

  it("takes the request id from the header when the body has none (a bad key)", async () => {
    const err = await run([{ status: 401, body: { error: "Invalid API key" } }])
      .emails.getScheduled("s1")
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, code: "INVALID_API_KEY", requestId: "req_hdr", message: "Invalid API key" });
  });

  it("reads per-field details from a validation error", async () => {
    const error = "Invalid request: body.to: Invalid email address; body.subject: Too small: expected string to have >=1 characters";
    const err = await run([{ status: 400, body: { error, code: "VALIDATION_ERROR", requestId: "req_v" } }])
      .emails.send(send)
      .catch((e: unknown) => e as MailroomError);
    expect(err).toMatchObject({ status: 400, code: "VALIDATION_ERROR", requestId: "req_v" });
    expect((err as MailroomError).details).toEqual([
      { path: "body.to", message: "Invalid email address" },
      { path: "body.subject", message: "Too small: expected string to have >=1 characters" },
    ]);
  });

  it("takes the key and the server from the environment, else http://localhost:3000", () => {
    const saved = { key: process.env.MAILROOM_API_KEY, base: process.env.MAILROOM_BASE_URL };
    try {
      delete process.env.MAILROOM_API_KEY;
      delete process.env.MAILROOM_BASE_URL;
      expect(new Mailroom("mr_x").baseUrl).toBe("http://localhost:3000");
      expect(() => new Mailroom()).toThrow(expect.objectContaining({ name: "MailroomError", code: "MISSING_API_KEY" }));
      process.env.MAILROOM_API_KEY = "mr_env";
      process.env.MAILROOM_BASE_URL = "https://mail.example.test/";
      expect(new Mailroom().baseUrl).toBe("https://mail.example.test");
    } finally {
      for (const [name, value] of [
        ["MAILROOM_API_KEY", saved.key],
        ["MAILROOM_BASE_URL", saved.base],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
