// Hostile webhook receivers. One email.sent event fans out to seven endpoints, each misbehaving
// on its first attempt in its own way, and answering 200 after that:
// - hang: never answers → the attempt times out at the documented 10 s and is retried;
// - reset: reads the request, then resets the connection → a failed attempt, retried;
// - slow: answers 200 after 3 s, under the timeout → succeeds at once;
// - redirect: 302 to another path → a failure (redirects are not followed), retried;
// - trickle: sends 200 and part of a body, then stalls → the attempt still ends within the timeout;
// - garbage: answers with something that is not HTTP → a failed attempt, retried;
// - fine: answers at once, and is not held up by the others.
// Each failed attempt is recorded with its status or error, and the retry follows the backoff
// (WEBHOOK_RETRY_BASE_SECONDS 1 here: about 1 s, ±20%).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { verifyByHand, type Received } from "../helpers/webhook-receiver";
import { ownServer, type OwnServer } from "../helpers/own-server";

const TIMEOUT_MS = 10_000; // DELIVERY_TIMEOUT_MS, SPEC/STYLE's 10 s
const BASE_MS = 1_000;
const BEHAVIOURS = ["hang", "reset", "slow", "redirect", "trickle", "garbage", "fine"] as const;
type Behaviour = (typeof BEHAVIOURS)[number];

let s: OwnServer;
const received: (Received & { behaviour: Behaviour })[] = [];
const sockets = new Set<Socket>();
let server: ReturnType<typeof createServer>;

function misbehave(behaviour: Behaviour, req: IncomingMessage, res: ServerResponse) {
  switch (behaviour) {
    case "hang":
      return; // never answered
    case "reset":
      return void req.socket.resetAndDestroy();
    case "slow":
      return void setTimeout(() => res.writeHead(200).end("ok, eventually"), 3_000);
    case "redirect":
      return void res.writeHead(302, { location: "/fine-target" }).end();
    case "trickle":
      res.writeHead(200, { "content-type": "text/plain" });
      return void res.write("partial ");
    case "garbage":
      return void req.socket.end("this is not HTTP at all\r\n\r\n");
    case "fine":
      return void res.writeHead(200).end("ok");
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const behaviour = (req.url ?? "/").slice(1) as Behaviour;
      const first = !received.some((r) => r.behaviour === behaviour);
      received.push({
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        behaviour,
      });
      if (first) misbehave(behaviour, req, res);
      else res.writeHead(200).end("ok");
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  s = await ownServer({
    env: { WEBHOOK_RETRY_BASE_SECONDS: String(BASE_MS / 1000) },
    scopes: ["email:send", "webhooks:write"],
    unthrottled: true,
  });
});

afterAll(async () => {
  await s?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((r) => server?.close(r));
});

describe("webhook receivers that hang, reset, stall, redirect or answer slowly", () => {
  it("time out, fail and retry on schedule, without holding up the others", async () => {
    const port = (server.address() as { port: number }).port;
    const secrets = new Map<Behaviour, string>();
    const endpoints = new Map<string, Behaviour>();
    for (const b of BEHAVIOURS) {
      const res = await call("/api/v1/webhook-endpoints", {
        base: s.server.url,
        key: s.key,
        body: { url: `http://127.0.0.1:${port}/${b}`, events: ["email.sent"] },
      });
      expect(res.status).toBe(201);
      secrets.set(b, res.body.data.secret);
      endpoints.set(res.body.data.id, b);
    }
    // No provider: the demo provider sends it, and email.sent goes to all seven endpoints.
    const sentAt = Date.now();
    const send = await call("/api/v1/email/send", {
      base: s.server.url,
      key: s.key,
      body: { from: "ann@sender.test", to: "reader@example.test", subject: "Fan out", text: "x" },
    });
    expect(send.status).toBe(200);

    const sql = s.sql as pg.Client;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const open = (await sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'`)).rows[0].n;
      const all = (await sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries`)).rows[0].n;
      if ((all === BEHAVIOURS.length && open === 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const rows = (
      await sql.query(`
        SELECT d.endpoint_id::text, d.status, d.attempts,
          json_agg(json_build_object('attempt', a.attempt, 'startedAt', a.started_at, 'durationMs', a.duration_ms, 'statusCode', a.status_code,
            'error', a.error, 'succeeded', a.succeeded) ORDER BY a.attempt) AS log
        FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id GROUP BY d.id`)
    ).rows as {
      endpoint_id: string;
      status: string;
      attempts: number;
      log: {
        attempt: number;
        startedAt: string;
        durationMs: number;
        statusCode: number | null;
        error: string | null;
        succeeded: boolean;
      }[];
    }[];
    const by = new Map(rows.map((r) => [endpoints.get(r.endpoint_id)!, r]));
    expect([...by.keys()].sort()).toEqual([...BEHAVIOURS].sort());
    for (const [, r] of by) expect(r.status).toBe("succeeded");

    const firstFailedThenRetried = (b: Behaviour) => {
      const [first, second, ...rest] = by.get(b)!.log;
      expect(rest, b).toEqual([]);
      expect(first.succeeded, b).toBe(false);
      expect(second.succeeded, b).toBe(true);
      // The retry waits about base × 1 (±20%) after the failed attempt ended; the runner adds at most a poll.
      const gap = new Date(second.startedAt).getTime() - (new Date(first.startedAt).getTime() + first.durationMs);
      expect(gap, `${b}: retry gap`).toBeGreaterThanOrEqual(BASE_MS * 0.8 - 50);
      expect(gap, `${b}: retry gap`).toBeLessThan(BASE_MS * 1.2 + 1_000);
      return first;
    };

    const hang = firstFailedThenRetried("hang");
    expect(hang).toMatchObject({ statusCode: null, error: `timed out after ${TIMEOUT_MS / 1000} s` });
    expect(hang.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(hang.durationMs).toBeLessThan(TIMEOUT_MS + 2_000);

    const reset = firstFailedThenRetried("reset");
    expect(reset.statusCode).toBeNull();
    expect(reset.error).toMatch(/socket hang up|ECONNRESET/);

    const redirect = firstFailedThenRetried("redirect");
    expect(redirect).toMatchObject({ statusCode: 302, error: "HTTP 302" });
    expect(received.filter((r) => r.path === "/fine-target")).toEqual([]); // not followed

    const trickle = firstFailedThenRetried("trickle");
    expect(trickle.durationMs).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(trickle.error).toMatch(/timed out|aborted/);

    const garbage = firstFailedThenRetried("garbage");
    expect(garbage.statusCode).toBeNull();
    expect(garbage.error).toBeTruthy();

    const [slow] = by.get("slow")!.log;
    expect(by.get("slow")!.log).toHaveLength(1);
    expect(slow).toMatchObject({ succeeded: true, statusCode: 200 });
    expect(slow.durationMs).toBeGreaterThanOrEqual(2_900);

    // The well-behaved endpoint was served at once, while the hung one held its connection.
    const fine = by.get("fine")!.log;
    expect(fine).toHaveLength(1);
    const fineHit = received.find((r) => r.behaviour === "fine")!;
    expect(fineHit.at - sentAt).toBeLessThan(3_000);

    // Every request carried a valid signature for its endpoint, and the one event's id on every attempt.
    for (const r of received.filter((x) => BEHAVIOURS.includes(x.behaviour))) {
      expect(verifyByHand(r, secrets.get(r.behaviour)!, Math.floor(r.at / 1000)), r.behaviour).toBe(true);
    }
    expect(new Set(received.map((r) => r.headers["x-webhook-event-id"])).size).toBe(1);
  });
});
