// PostgreSQL goes away in the middle of a send burst, three times: stopped for a few seconds
// and started again, restarted with `pg_ctl restart -m fast`, then stopped for longer than a
// send waits for its database (the outcome's retry window, about ten seconds). A probe of its
// own proves each outage: a fresh connection to the cluster is refused while it lasts. The app
// server (not restarted) must answer every request within a bound — sends caught in flight wait
// a short outage out, new requests during a long one are refused at once with a 503 in the
// documented error shape and Retry-After (never a stack, never a crash) — serve sends again once
// the database is back, and leave nothing half-written: every message row says honestly what
// became of it (an outcome the long outage kept from being recorded is recorded once it ends),
// every 200 names a message recorded as sent with its audit entry and email.sent event, the SMTP
// sink got exactly one copy of each sent message and none of a message whose request failed,
// and the month's send count matches the messages that were not failed.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { newSink, SINK_PASSWORD, SINK_USER } from "../helpers/sending";
import type { SmtpSink } from "../helpers/smtp-sink";
import { startPrivatePostgres, type PrivatePostgres } from "./private-postgres";
import { ownServer, type OwnServer } from "../helpers/own-server";

/** No request may take longer than this, whatever the database is doing. */
const ANSWER_BOUND_MS = 20_000;
const WORKERS = 6;
/** Past the send's own wait for its database (retry-while-disconnected.ts: about ten seconds). */
const LONG_OUTAGE_MS = 14_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  subject: string;
  status: number;
  body: any;
  retryAfter: string | null;
  ms: number;
}

let pgc: PrivatePostgres;
let sink: SmtpSink;
let s: OwnServer;
const answers: Answer[] = [];
let counter = 0;

async function send(subject: string): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${s.server.url}/api/v1/email/send`, {
    method: "POST",
    headers: { authorization: `Bearer ${s.key}`, "content-type": "application/json" },
    body: JSON.stringify({ from: "ann@sender.test", to: "reader@example.test", subject, text: "burst" }),
    signal: AbortSignal.timeout(ANSWER_BOUND_MS),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: the assertions below catch it */
  }
  const answer = { subject, status: res.status, body, retryAfter: res.headers.get("retry-after"), ms: Date.now() - started };
  answers.push(answer);
  return answer;
}

/** WORKERS clients sending back to back until `during` settles (after a refusal, a short pause). */
async function burst(during: Promise<unknown>): Promise<void> {
  let done = false;
  const outage = during.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!done) if ((await send(`burst ${++counter}`)).status !== 200) await sleep(100);
    }),
  );
  await outage;
}

/** True when a fresh connection to the cluster fails: the database is really down. */
async function databaseRefuses(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgc.adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await c.connect();
    await c.query("SELECT 1");
    return false;
  } catch {
    return true;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** An outage that stops the cluster for `downMs`, proven by the probe while it lasts. */
async function stoppedFor(downMs: number, proof: boolean[]): Promise<void> {
  await sleep(500);
  await pgc.stop();
  proof.push(await databaseRefuses());
  await sleep(downMs);
  proof.push(await databaseRefuses());
  await pgc.start();
  await sleep(500);
}

/** The server's connections to its database, by backend pid. */
async function serverBackends(): Promise<number[]> {
  const c = new pg.Client({ connectionString: pgc.adminUrl });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT pid FROM pg_stat_activity WHERE datname = 'mailroom_faults' AND pid <> pg_backend_pid()`);
    return rows.map((r) => r.pid as number);
  } finally {
    await c.end();
  }
}

async function waitForRecovery(): Promise<number> {
  const from = Date.now();
  for (;;) {
    const a = await send(`recovery ${++counter}`);
    if (a.status === 200) return Date.now() - from;
    if (Date.now() - from > 30_000)
      throw new Error(`no successful send within 30 s of the database coming back: ${JSON.stringify(a.body)}`);
    await sleep(250);
  }
}

beforeAll(async () => {
  pgc = await startPrivatePostgres();
  sink = await newSink();
  s = await ownServer({ databaseUrl: await pgc.createDatabase("mailroom_faults"), scopes: ["email:send"], unthrottled: true });
  const provider = await call("/api/providers", {
    base: s.server.url,
    cookie: s.cookie,
    body: {
      name: "sink",
      type: "smtp",
      config: { host: "127.0.0.1", port: sink.port, secure: false, username: SINK_USER, password: SINK_PASSWORD },
    },
  });
  expect(provider.status).toBe(201);
});

afterAll(async () => {
  await s?.close();
  await sink?.close();
  await pgc?.destroy();
});

describe("PostgreSQL going away during a send burst", () => {
  it("answers every request in bounded time, recovers without a restart, and leaves nothing half-written", async () => {
    await burst(sleep(1_500)); // warm: the pools hold connections that the outage will break
    expect(answers.every((a) => a.status === 200)).toBe(true);

    // Outage 1: stopped for three seconds, then started again.
    await s.sql.end();
    const shortOutage: boolean[] = [];
    await burst(stoppedFor(3_000, shortOutage));
    expect(shortOutage).toEqual([true, true]); // the database was down while the burst went on
    const firstRecovery = await waitForRecovery();

    // Outage 2: a fast restart, which cuts every connection the server holds.
    const backendsBefore = await serverBackends();
    await burst(
      (async () => {
        await sleep(1_000);
        await pgc.restart();
        await sleep(1_000);
      })(),
    );
    const secondRecovery = await waitForRecovery();
    const backendsAfter = await serverBackends();
    expect(backendsBefore.length).toBeGreaterThan(0);
    expect(backendsAfter.filter((pid) => backendsBefore.includes(pid))).toEqual([]); // every connection was new

    // Outage 3: stopped for longer than a send waits for its database. Requests made while it
    // lasts are refused at once; a send caught in flight is answered when its wait ends, and its
    // outcome is recorded once the database is back.
    const beforeLong = answers.length;
    const longOutage: boolean[] = [];
    await burst(stoppedFor(LONG_OUTAGE_MS, longOutage));
    expect(longOutage).toEqual([true, true]);
    const thirdRecovery = await waitForRecovery();
    const refused = answers.slice(beforeLong).filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0); // the refusal path was taken
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.body.code).toBe("SERVICE_UNAVAILABLE");
      expect(r.retryAfter).toBe("5");
    }

    // Recovered for good: a run of sends all succeed.
    for (let i = 0; i < 20; i++) expect((await send(`after ${++counter}`)).status).toBe(200);

    // The server never died and was never restarted.
    expect(s.server.process.exitCode).toBeNull();
    expect(s.server.process.signalCode).toBeNull();
    // ...and nothing escaped as an uncaught error (a pool without an error listener, a rejected promise nobody awaited).
    expect(s.server.output()).not.toMatch(/uncaughtException|unhandledRejection|Unhandled 'error' event/);

    // Every request was answered (a timeout would have thrown), with 200 or a 500/503 in the v1 error shape.
    const failures = answers.filter((a) => a.status !== 200);
    const byStatus: Record<number, number> = {};
    for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
    console.log(
      `answers by status ${JSON.stringify(byStatus)}; slowest ${Math.max(...answers.map((a) => a.ms))} ms; back in ${firstRecovery}, ${secondRecovery} and ${thirdRecovery} ms`,
    );
    for (const f of failures) {
      expect([500, 503]).toContain(f.status);
      expect(Object.keys(f.body).sort()).toEqual(["code", "error", "requestId"]);
      expect(f.body.error).not.toMatch(/\n\s+at |ECONNREFUSED|terminating connection|prisma|pg_/i);
    }
    const ok = answers.filter((a) => a.status === 200);
    for (const a of ok) expect(a.body.data.status).toBe("sent");
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(ANSWER_BOUND_MS);
    expect(firstRecovery).toBeLessThan(30_000);
    expect(secondRecovery).toBeLessThan(30_000);
    expect(thirdRecovery).toBeLessThan(30_000);

    // Nothing half-written.
    const sql = new pg.Client({ connectionString: s.serverEnv.DATABASE_URL });
    await sql.connect();
    try {
      // Outcomes the long outage held back are written in the background (every 5 s): wait for them.
      const answeredIds = ok.map((a) => a.body.data.id as string);
      for (const until = Date.now() + 30_000; ; await sleep(500)) {
        const { n } = (
          await sql.query(`SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[]) AND status <> 'sent'`, [answeredIds])
        ).rows[0];
        if (n === 0 || Date.now() > until) break;
      }
      const rows = (
        await sql.query(`
          SELECT m.id::text, m.subject, m.status, m.provider_id, m.sent_at, m.error, m.message_id_header,
            (SELECT count(*)::int FROM audit_logs a WHERE a.action = 'email.send' AND a.metadata ->> 'messageId' = m.id::text AND a.outcome = m.status) AS audits,
            (SELECT count(*)::int FROM email_events e WHERE e.message_id = m.id AND e.type = 'email.sent') AS sent_events
          FROM messages m`)
      ).rows as {
        id: string;
        subject: string;
        status: string;
        provider_id: string | null;
        sent_at: Date | null;
        error: string | null;
        message_id_header: string;
        audits: number;
        sent_events: number;
      }[];
      const bySubject = new Map(answers.map((a) => [a.subject, a]));
      const copies = new Map<string, number>();
      for (const m of sink.messages) {
        const id = /^Message-ID:\s*(\S+)/im.exec(m.raw.toString("utf8"))?.[1] ?? "";
        copies.set(id, (copies.get(id) ?? 0) + 1);
      }
      expect([...copies.values()].filter((n) => n > 1)).toEqual([]); // no message reached the recipient twice

      // Every row checked, every breach listed (one failing expectation would hide the others).
      const problems: string[] = [];
      const recorded = new Set<string>();
      for (const m of rows) {
        const answer = bySubject.get(m.subject);
        const what = `${m.subject} (row ${m.status}, answered ${answer?.status})`;
        if (!answer) {
          problems.push(`a message row for a request never made: ${m.subject}`);
          continue;
        }
        recorded.add(m.subject);
        if (!["sent", "failed", "queued"].includes(m.status)) problems.push(`${what}: unknown status`);
        if (m.status === "sent") {
          // Recorded as sent: answered 200 with this message, its audit entry and event exist, the sink has it once.
          if (answer.status !== 200 || answer.body?.data?.id !== m.id)
            problems.push(`${what}: recorded as sent but not answered 200 with its id`);
          if (!m.provider_id || !m.sent_at) problems.push(`${what}: sent without provider or time`);
          if (m.audits !== 1 || m.sent_events !== 1)
            problems.push(`${what}: ${m.audits} audit entries and ${m.sent_events} email.sent events`);
          if (copies.get(m.message_id_header) !== 1) problems.push(`${what}: ${copies.get(m.message_id_header) ?? 0} copies in the sink`);
        } else {
          // Not sent: the request failed, and the recipient got nothing.
          if (answer.status === 200) problems.push(`${what}: answered 200 but recorded as ${m.status}`);
          if (copies.has(m.message_id_header)) problems.push(`${what}: the recipient got it`);
          if (m.sent_at) problems.push(`${what}: has sent_at`);
          if (m.status === "failed" && !m.error) problems.push(`${what}: failed without an error`);
        }
      }
      // Every 200 has its row; the sink holds nothing the database does not know as sent.
      for (const a of ok) if (!recorded.has(a.subject)) problems.push(`${a.subject}: answered 200 but no message row`);
      const sent = rows.filter((m) => m.status === "sent").length;
      if (sink.messages.length !== sent) problems.push(`the sink holds ${sink.messages.length} messages, ${sent} are recorded as sent`);
      // The month's count: every message that was not failed (a failed send gives its count back).
      const counted = (await sql.query(`SELECT coalesce(sum(count), 0)::int AS n FROM send_counters`)).rows[0].n;
      const notFailed = rows.filter((m) => m.status !== "failed").length;
      if (counted !== notFailed) problems.push(`the month's count is ${counted}, ${notFailed} messages are not failed`);
      expect(problems).toEqual([]);
    } finally {
      await sql.end();
    }
  });
});
