// Two app instances started at once on one empty PostgreSQL database behave as one product:
// migrations apply once (the advisory lock serialises the two start-ups), a provider's
// per-minute limit holds across both, scheduled sends created through either are sent once
// each by whichever runner claims them, and webhook retries are delivered once per attempt
// with exactly one success per event.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import pg from "pg";
import { call } from "../helpers/http";
import { createDatabase } from "../helpers/database";
import { startServer, type RunningServer } from "../helpers/server";
import { ownOrganization } from "../helpers/own-server";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { messageIdOf } from "../helpers/flaky-smtp";
import { readMigrations } from "@/lib/db/migrate";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, probe: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let database: Awaited<ReturnType<typeof createDatabase>>;
let sql: pg.Client;
let servers: RunningServer[] = [];
let limited: SmtpSink;
let spare: SmtpSink;
let receiver: Server;
const hits: { eventId: string; attempt: string; status: number }[] = [];

beforeAll(async () => {
  [limited, spare] = await Promise.all([newSink(), newSink()]);
  const tries = new Map<string, number>();
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const eventId = String(req.headers["x-webhook-event-id"]);
      const n = (tries.get(eventId) ?? 0) + 1;
      tries.set(eventId, n);
      const status = n === 1 ? 503 : 200; // every event's first attempt fails
      hits.push({ eventId, attempt: String(req.headers["x-webhook-id"]), status });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  database = await createDatabase("mailroom_two");
  const env = { ...inject("serverEnv"), DATABASE_URL: database.url };
  servers = await Promise.all([startServer(env), startServer(env)]);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await sql?.end();
  await database?.drop();
  await Promise.all([limited?.close(), spare?.close()]);
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

describe("two instances on one database", () => {
  it("applied every migration once, though both started at once", async () => {
    const rows = (await sql.query(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY 1`)).rows;
    expect(rows.map((r) => r.migration_name)).toEqual(readMigrations().map((m) => m.name));
    expect((await sql.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(1); // one bootstrap owner
  });

  it("share provider limits, scheduled-send claims and webhook retries", async () => {
    const [a, b] = servers;
    const { cookie, key } = await ownOrganization({ base: a.url, sql, scopes: ["email:send", "webhooks:write"], unthrottled: true });
    const smtp = (name: string, sink: SmtpSink, priority: number, extra: Record<string, unknown> = {}) =>
      call("/api/providers", {
        base: a.url,
        cookie,
        body: {
          name,
          type: "smtp",
          priority,
          ...extra,
          config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
        },
      });
    expect((await smtp("limited", limited, 0, { rateLimitPerMinute: 7 })).status).toBe(201);
    expect((await smtp("spare", spare, 1)).status).toBe(201);
    const port = (receiver.address() as { port: number }).port;
    expect(
      (
        await call("/api/v1/webhook-endpoints", {
          base: b.url,
          key,
          body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] },
        })
      ).status,
    ).toBe(201);

    // 20 sends at once, alternating instances: the limited provider takes exactly 7 in its minute.
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("/api/v1/email/send", {
          base: servers[i % 2].url,
          key,
          body: { from: "ann@sender.test", to: `now${i}@example.test`, subject: `Now ${i}`, text: "x" },
        }),
      ),
    );
    expect(sends.map((s) => s.status)).toEqual(Array(20).fill(200));
    const byProvider = (name: string) => sends.filter((s) => s.body.data.provider === name).length;
    expect(byProvider("limited")).toBe(7);
    expect(byProvider("spare")).toBe(13);
    expect(limited.messages).toHaveLength(7);

    // 30 scheduled sends through both instances, all due at once: each runner claims some, none twice.
    const at = new Date(Date.now() + 2_000).toISOString();
    const scheduled = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call("/api/v1/email/send", {
          base: servers[i % 2].url,
          key,
          body: { from: "ann@sender.test", to: `later${i}@example.test`, subject: `Later ${i}`, text: "x", scheduledAt: at },
        }),
      ),
    );
    expect(scheduled.every((s) => s.status === 200)).toBe(true);
    const count = async (q: string) => (await sql.query(q)).rows[0].n as number;
    await until(
      "every scheduled send and webhook delivery to settle",
      async () =>
        (await count(`SELECT count(*)::int AS n FROM scheduled_emails WHERE status <> 'sent'`)) === 0 &&
        (await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'`)) === 0 &&
        (await count(`SELECT count(*)::int AS n FROM webhook_deliveries`)) === 50,
    );
    const ids = [...limited.messages, ...spare.messages].map((m) => messageIdOf(m.raw));
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    // Both runners did some of the work.
    const runners = (await sql.query(`SELECT count(DISTINCT locked_by)::int AS n FROM jobs WHERE name = 'email.send-scheduled'`)).rows[0].n;
    expect(runners).toBe(2);

    // Webhooks: 50 events, each failed once and then delivered once; every attempt its own id.
    const events = new Set(hits.map((h) => h.eventId));
    expect(events.size).toBe(50);
    for (const id of events) {
      const attempts = hits.filter((h) => h.eventId === id);
      expect(attempts.map((h) => h.status)).toEqual([503, 200]);
    }
    expect(new Set(hits.map((h) => h.attempt)).size).toBe(hits.length);
  });
});
