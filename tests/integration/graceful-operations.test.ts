// Operating an instance: liveness and readiness (starting while migrations wait on another
// instance's lock, unavailable when the database goes away), and SIGTERM: no new work claimed,
// the sends and webhook deliveries in flight finished, then exit; what was left runs after a
// restart, once.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import pg from "pg";
import { call } from "../helpers/http";
import { createDatabase } from "../helpers/database";
import { startServer, type RunningServer } from "../helpers/server";
import { ownServer, type OwnServer } from "../helpers/own-server";
import { messageIdOf, startFlakySmtp, type FlakySmtp } from "../helpers/flaky-smtp";

const MIGRATION_LOCK = 727_073_691; // lib/db/migrate.ts
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const get = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, body: await res.json() };
};

describe("liveness and readiness", () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let server: RunningServer | undefined;
  const lock = { client: undefined as pg.Client | undefined };

  afterAll(async () => {
    await lock.client?.end().catch(() => undefined);
    await server?.stop();
  });

  it("answers starting while migrations wait, serves requests once started, and unavailable without a database", async () => {
    database = await createDatabase("mailroom_ready");
    // Another instance holds the migration lock: this one waits in its start-up.
    lock.client = new pg.Client({ connectionString: database.url });
    await lock.client.connect();
    await lock.client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    server = await startServer({ ...inject("serverEnv"), DATABASE_URL: database.url }, { waitFor: "/api/health/live" });

    expect(await get(server.url, "/api/health/live")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await get(server.url, "/api/health/ready")).toEqual({ status: 503, body: { status: "starting", database: "unchecked" } });
    // A request during start-up waits for it instead of meeting a database without tables.
    let answered = false;
    const early = call("/api/auth/csrf", { base: server.url }).finally(() => (answered = true));
    const health = get(server.url, "/api/health");
    await sleep(500);
    expect(answered).toBe(false); // held, not answered before the instance has started
    expect((await lock.client.query(`SELECT to_regclass('public.organizations') AS t`)).rows[0].t).toBeNull();
    await lock.client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    expect((await early).status).toBe(200);
    expect(await health).toEqual({ status: 200, body: { status: "ok", database: "ok" } });
    await until("ready", async () => (await get(server!.url, "/api/health/ready")).status === 200);
    expect(await get(server.url, "/api/health/ready")).toEqual({ status: 200, body: { status: "ready", database: "ok" } });

    // The database goes away: not ready, still alive.
    await lock.client.end();
    lock.client = undefined;
    await database.drop();
    expect(await get(server.url, "/api/health/ready")).toEqual({ status: 503, body: { status: "unavailable", database: "error" } });
    expect((await get(server.url, "/api/health/live")).status).toBe(200);
  });
});

describe("SIGTERM during start-up", () => {
  it("exits without finishing the start-up: nothing is migrated or started", async () => {
    const database = await createDatabase("mailroom_stop_early");
    const lock = new pg.Client({ connectionString: database.url });
    await lock.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const server = await startServer({ ...inject("serverEnv"), DATABASE_URL: database.url }, { waitFor: "/api/health/live" });
      const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
      server.process.kill("SIGTERM");
      expect(await exited).toBe(143);
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      expect((await lock.query(`SELECT to_regclass('public.jobs') AS t`)).rows[0].t).toBeNull();
    } finally {
      await lock.end();
      await database.drop();
    }
  });
});

describe("SIGTERM", () => {
  const SMTP_DELAY_MS = 2_000;
  const RECEIVER_DELAY_MS = 2_500;
  let own: OwnServer;
  let smtp: FlakySmtp;
  let receiver: Server;
  let restarted: RunningServer | undefined;
  const hits: { eventId: string; answeredAt: number }[] = [];
  let receiving = 0;

  beforeAll(async () => {
    smtp = await startFlakySmtp({ afterData: () => ({ reply: "ok", delayMs: SMTP_DELAY_MS }), keep: () => true });
    receiver = createServer((req, res) => {
      receiving++;
      req.resume();
      req.on("end", () =>
        setTimeout(() => {
          hits.push({ eventId: String(req.headers["x-webhook-event-id"]), answeredAt: Date.now() });
          receiving--;
          res.writeHead(200).end("ok");
        }, RECEIVER_DELAY_MS),
      );
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    own = await ownServer({ scopes: ["email:send", "webhooks:write"] });
  });

  afterAll(async () => {
    await restarted?.stop();
    await own?.close("SIGKILL");
    await smtp?.close();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  it("stops claiming, finishes the sends and deliveries in flight, exits; the rest runs once after a restart", async () => {
    const { server, sql } = own;
    const provider = await call("/api/providers", {
      base: server.url,
      cookie: own.cookie,
      body: { name: "slow smtp", type: "smtp", config: { host: "127.0.0.1", port: smtp.port, secure: false } },
    });
    expect(provider.status).toBe(201);
    const port = (receiver.address() as { port: number }).port;
    const endpoint = await call("/api/v1/webhook-endpoints", {
      base: server.url,
      key: own.key,
      body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] },
    });
    expect(endpoint.status).toBe(201);

    const schedule = async (subject: string, at: Date) => {
      const res = await call("/api/v1/email/send", {
        base: server.url,
        key: own.key,
        body: { from: "ann@sender.test", to: `${subject}@example.test`, subject, text: "once", scheduledAt: at.toISOString() },
      });
      expect(res.status).toBe(200);
      return res.body.data.id as string;
    };
    const sendNow = (subject: string) =>
      call("/api/v1/email/send", {
        base: server.url,
        key: own.key,
        body: { from: "ann@sender.test", to: `${subject}@example.test`, subject, text: "now" },
      });
    // First: sent at once, its email.sent delivery is in flight at the signal (the receiver is slow).
    const first = await sendNow("first");
    expect(first.status).toBe(200);
    // Two more are with the SMTP server, unanswered, at the signal.
    const inFlight = [await schedule("second", new Date(Date.now() + 1_000)), await schedule("third", new Date(Date.now() + 1_000))];
    // One more falls due only after the signal: it must wait for the next instance.
    const later = await schedule("later", new Date(Date.now() + 3_600_000));

    // And an API send whose request is in flight, its message with the SMTP server.
    const inline = sendNow("inline");

    await until("a delivery, two scheduled sends and an API send in flight", () => receiving > 0 && smtp.received() === 4);
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    // The later email falls due while the instance drains: nobody may claim it now.
    await sql.query(`UPDATE scheduled_emails SET scheduled_for = now() WHERE id = $1`, [later]);
    await sql.query(`UPDATE jobs SET run_at = now() WHERE name = 'email.send-scheduled' AND payload->>'scheduledEmailId' = $1`, [later]);
    const code = await exited;
    expect(code).toBe(143);
    // The API send in flight was answered, sent.
    const answer = await inline;
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe("sent");
    const log = server.output();
    expect(log).toContain("shutting down: no new work is claimed");
    expect(log).toContain("work in flight finished");

    // What was in flight finished: both sends recorded sent, the delivery succeeded.
    const rows = (
      await sql.query(
        `SELECT s.id::text, s.status, m.status AS message_status FROM scheduled_emails s LEFT JOIN messages m ON m.id = s.message_id`,
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of inFlight) expect(byId.get(id)).toMatchObject({ status: "sent", message_status: "sent" });
    expect(byId.get(later)).toMatchObject({ status: "scheduled", message_status: null });
    expect((await sql.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'running'`)).rows[0].n).toBe(0);
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect((await sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivering'`)).rows[0].n).toBe(0);

    // The next instance sends the later email and delivers what is owed, each once.
    restarted = await startServer(own.serverEnv);
    const count = async (q: string) => (await sql.query(q)).rows[0].n as number;
    await until(
      "everything to settle",
      async () =>
        (await count(`SELECT count(*)::int AS n FROM scheduled_emails WHERE status <> 'sent'`)) === 0 &&
        (await count(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status <> 'succeeded'`)) === 0 &&
        hits.length === 5,
      60_000,
    );
    const ids = smtp.kept.map(messageIdOf);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(new Set(hits.map((h) => h.eventId)).size).toBe(5);
  });
});

describe("SIGTERM past SHUTDOWN_TIMEOUT_SECONDS", () => {
  let own: OwnServer;
  let receiver: Server;
  let requests = 0;

  beforeAll(async () => {
    // A receiver that takes the request and never answers: the delivery outlasts the timeout.
    receiver = createServer((req) => {
      requests++;
      req.resume();
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    own = await ownServer({ env: { SHUTDOWN_TIMEOUT_SECONDS: "2" }, scopes: ["email:send", "webhooks:write"] });
  });

  afterAll(async () => {
    await own?.close("SIGKILL");
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
  });

  it("exits when the time is up, leaving the unfinished delivery to be recovered", async () => {
    const { server, sql } = own;
    const port = (receiver.address() as { port: number }).port;
    expect(
      (
        await call("/api/v1/webhook-endpoints", {
          base: server.url,
          key: own.key,
          body: { url: `http://127.0.0.1:${port}/hook`, events: ["email.sent"] },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call("/api/v1/email/send", {
          base: server.url,
          key: own.key,
          body: { from: "ann@sender.test", to: "r@example.test", subject: "s", text: "t" },
        })
      ).status,
    ).toBe(200);
    await until("the delivery in flight", () => requests === 1);
    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(server.output()).toContain("shutdown timeout: work still in flight is left for another instance to recover");
    expect(server.output()).not.toContain("work in flight finished");
    // Cut off mid-attempt (the receiver never answered): the row still says so, for the lease to end and another attempt.
    expect((await sql.query(`SELECT status FROM webhook_deliveries`)).rows).toEqual([{ status: "delivering" }]);
  });
});
