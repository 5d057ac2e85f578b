// Analytics reports: one organization with N events over the last 90 days, rolled up (with
// their first opens and clicks) by the product's own rollUpEvents, plus 5,000 events not
// rolled up yet (the reports' live part); then
// the summary, bounce and delivery reports and the v1 summary timed over HTTP against a
// production build, on PostgreSQL (runPostgres) or the embedded database (runEmbedded).
//
// The data is filled before the server starts: the server's roll-up job (every 60 s, 10 s
// behind the clock) would otherwise move the watermark past a fill statement still running,
// and its events would count nowhere. So the owner is created with createOrganization, as the
// bootstrap does, and the server starts on a database that already has it.
import { randomBytes } from "node:crypto";
import { signIn } from "../bench-server";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase } from "../../tests/helpers/database";
import { startServer, type RunningServer } from "../../tests/helpers/server";
import { bareRoute, FLOOR_ENV, type Ceiling } from "../support/bare-route";
import { percentile } from "../support/load";
import type { Row } from "../support/report";
import { sampleRss } from "../support/server-stats";

export const LIVE_EVENTS = 5_000;
const MESSAGES = 2_000;
const RECIPIENTS_PER_MESSAGE = 200;
export const WARM_UP = 3;
export const TIMED = 20;
const EMBEDDED_FILL_BUDGET_MS = 10 * 60_000;
export const TARGET_MS = { postgres: 100, embedded: 1_500 };
const owner = { email: "bench@example.test", password: "bench-password-1" };
const secrets = { AUTH_SECRET: randomBytes(32).toString("base64"), ENCRYPTION_KEY: randomBytes(32).toString("base64") };

type Kind = "postgres" | "embedded";
/** One statement on the bench's own connection; rows come back with numbers, not bigints. */
interface Sql {
  exec(text: string): Promise<void>;
  rows<T = Record<string, number>>(text: string): Promise<T[]>;
}
interface Range {
  name: string;
  query: Record<string, string>;
  /** The range counted straight from the raw tables, to check the reports' figures. */
  check?: { from: string; to: string; projectId?: string };
}
export interface Timing {
  report: string;
  range: string;
  p50: number;
  p95: number;
  max: number;
  problems: string[];
  /** Every timed call, ms. */
  samples: number[];
}
export interface PhaseResult {
  events: number;
  fill: Record<string, string>;
  timings: Timing[];
  sample: unknown;
  /** The table row: all timed calls together, beside the bare route at one connection. */
  row: Row;
}

export const secondsSince = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1) + " s";
const nearestRank = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
export const log = (msg: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);
/** The machine's 1-minute load average: other work on the machine skews the timings. */
export const load = () => os.loadavg()[0].toFixed(2);

// ---------------------------------------------------------------------------------------------
// The fill, the same SQL on both databases.

/** 2,000 sent messages spread evenly over the last 90 days, on three providers. */
const messagesSql = (org: string, project: string) => `
  INSERT INTO messages (id, org_id, project_id, from_address, "to", cc, bcc, subject, email_type, priority, status,
                        send_mode, message_id_header, provider_name, created_at, sent_at)
  SELECT gen_random_uuid(), '${org}', '${project}', 'news@example.test', ARRAY['r' || (g * ${RECIPIENTS_PER_MESSAGE}) || '@example.test'],
    '{}', '{}', 'Bench ' || g, CASE WHEN g % 4 = 0 THEN 'marketing' ELSE 'transactional' END, 'normal', 'sent',
    'production', '<bench-' || g || '@example.test>', (ARRAY['alpha', 'beta', 'gamma'])[1 + g % 3],
    now() - interval '90 days' + (g + 0.5) * interval '90 days' / ${MESSAGES},
    now() - interval '90 days' + (g + 0.5) * interval '90 days' / ${MESSAGES}
  FROM generate_series(0, ${MESSAGES - 1}) g`;

const REASONS = ["Mailbox does not exist", "Mailbox full", "Domain not found", "Message rejected as spam", "Connection timed out"];

/**
 * Events numbered [first, first + count): event g belongs to message g mod 2,000 and one of its
 * 200 recipients; sent at the message's sent_at, the others up to 3 days after it (never after
 * now). Mix: 40% sent, 36% delivered, 12% opened (a fifth by bots), 5% clicked, 3% bounced,
 * 2% deferred, 1% complained, 1% dropped.
 */
const eventsSql = (org: string, project: string, first: number, count: number, createdAt: string) => `
  WITH s AS MATERIALIZED (SELECT g, random() AS u, random() AS v, random() AS w, random() AS x
                          FROM generate_series(${first}, ${first + count - 1}) g),
  t AS (SELECT s.*, CASE WHEN u < 0.40 THEN 'email.sent' WHEN u < 0.76 THEN 'email.delivered' WHEN u < 0.88 THEN 'email.opened'
                         WHEN u < 0.93 THEN 'email.clicked' WHEN u < 0.96 THEN 'email.bounced' WHEN u < 0.98 THEN 'email.deferred'
                         WHEN u < 0.99 THEN 'email.complained' ELSE 'email.dropped' END AS type
        FROM s),
  m AS (SELECT id, sent_at, (row_number() OVER (ORDER BY sent_at) - 1)::int AS k FROM messages WHERE org_id = '${org}')
  INSERT INTO email_events (id, org_id, project_id, message_id, type, recipient, send_mode, occurred_at, url, reason, source, metadata, created_at)
  SELECT gen_random_uuid(), '${org}', '${project}', m.id, t.type,
    'r' || (m.k * ${RECIPIENTS_PER_MESSAGE} + floor(t.v * ${RECIPIENTS_PER_MESSAGE})::int) || '@example.test', 'production',
    CASE WHEN t.type = 'email.sent' THEN m.sent_at ELSE m.sent_at + t.w * least(interval '3 days', now() - m.sent_at) END,
    CASE WHEN t.type = 'email.clicked' THEN 'https://example.test/offer/' || (t.g % 7) END,
    CASE t.type WHEN 'email.bounced' THEN (ARRAY[${REASONS.map((r) => `'${r}'`).join(", ")}])[1 + floor(t.x * ${REASONS.length})::int]
                WHEN 'email.deferred' THEN 'Greylisted, try again later' WHEN 'email.dropped' THEN 'Suppressed recipient' END,
    'demo',
    CASE WHEN t.type = 'email.opened' AND t.x < 0.2 THEN '{"bot": true}'::jsonb
         WHEN t.type = 'email.bounced' THEN jsonb_build_object('bounceKind', CASE WHEN floor(t.x * ${REASONS.length}) IN (1, 4) THEN 'soft' ELSE 'hard' END)
         ELSE '{}'::jsonb END,
    ${createdAt}
  FROM t JOIN m ON m.k = t.g % ${MESSAGES}`;

/** What publishing keeps: the first open and first click of each recipient of each message by a
 * person, recorded with the events (created `createdAt`) of which `createdAt` says. */
const engagementSql = (org: string, createdAt: string) => `
  INSERT INTO engagement_firsts (message_id, recipient, kind, org_id, project_id, provider, first_at, created_at)
  SELECT DISTINCT ON (e.message_id, e.recipient, e.type) e.message_id, e.recipient, substring(e.type from 7), e.org_id, e.project_id,
    coalesce(m.provider_name, ''), e.occurred_at, e.created_at
  FROM email_events e JOIN messages m ON m.id = e.message_id
  WHERE e.org_id = '${org}' AND e.type IN ('email.opened', 'email.clicked') AND coalesce(e.metadata ->> 'bot', 'false') <> 'true'
    AND e.created_at ${createdAt}
  ORDER BY e.message_id, e.recipient, e.type, e.occurred_at
  ON CONFLICT (message_id, recipient, kind) DO NOTHING`;

/** Fills, rolls up and analyzes; returns the number of events rolled up and the phase times. */
async function fill(
  kind: Kind,
  sql: Sql,
  ids: { org: string; project: string },
  target: number,
  rollUp: () => Promise<number>,
): Promise<{ events: number; fill: Record<string, string> }> {
  const times: Record<string, string> = {};
  let t0 = performance.now();
  await sql.exec(messagesSql(ids.org, ids.project));
  times.messages = secondsSince(t0);

  const chunk = kind === "postgres" ? 250_000 : 100_000;
  t0 = performance.now();
  let events = 0;
  while (events < target) {
    const n = Math.min(chunk, target - events);
    const c0 = performance.now();
    await sql.exec(eventsSql(ids.org, ids.project, events, n, "now()"));
    events += n;
    log(`${kind}: ${events.toLocaleString("en")} events (${secondsSince(c0)} for this chunk)`);
    if (kind === "embedded" && events < target && performance.now() - t0 > EMBEDDED_FILL_BUDGET_MS) {
      log(`${kind}: fill over its ${EMBEDDED_FILL_BUDGET_MS / 60_000}-minute budget; stopping at ${events.toLocaleString("en")} events`);
      break;
    }
  }
  times[`${events.toLocaleString("en")} events`] = secondsSince(t0);

  // First engagements are recorded with their events, so they are rolled up with them.
  t0 = performance.now();
  await sql.exec(engagementSql(ids.org, "<= now()"));
  times["engagement_firsts (rolled up)"] = secondsSince(t0);

  t0 = performance.now();
  const buckets = await rollUp();
  times[`rollUpEvents(0): ${buckets.toLocaleString("en")} hourly rows`] = secondsSince(t0);

  // Not rolled up: created an hour ahead of the clock, so the server's own roll-up job (10 s
  // behind the clock) leaves them to the reports' live part for the whole run.
  t0 = performance.now();
  await sql.exec(eventsSql(ids.org, ids.project, events, LIVE_EVENTS, "now() + interval '1 hour'"));
  times[`${LIVE_EVENTS.toLocaleString("en")} live events`] = secondsSince(t0);

  t0 = performance.now();
  await sql.exec(engagementSql(ids.org, "> now()"));
  const [{ n: firsts }] = await sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM engagement_firsts`);
  times[`engagement_firsts (live): ${firsts.toLocaleString("en")} rows in all`] = secondsSince(t0);

  t0 = performance.now();
  for (const table of ["messages", "email_events", "event_rollups", "engagement_firsts", "engagement_rollups", "rollup_state"])
    await sql.exec(`VACUUM ANALYZE ${table}`);
  times["VACUUM ANALYZE"] = secondsSince(t0);

  const [state] = await sql.rows<{ rolled: number; live: number; rollups: number }>(
    `SELECT (SELECT count(*)::int FROM email_events e, rollup_state s WHERE s.id = 1 AND e.created_at < s.watermark) AS rolled,
            (SELECT count(*)::int FROM email_events e, rollup_state s WHERE s.id = 1 AND e.created_at >= s.watermark) AS live,
            (SELECT count(*)::int FROM event_rollups) AS rollups`,
  );
  log(
    `${kind}: ${state.rolled.toLocaleString("en")} events behind the watermark, ${state.live.toLocaleString("en")} live, ${state.rollups.toLocaleString("en")} rollup rows`,
  );
  if (state.rolled !== events || state.live !== LIVE_EVENTS) throw new Error(`${kind}: unexpected roll-up state ${JSON.stringify(state)}`);
  return { events, fill: times };
}

// ---------------------------------------------------------------------------------------------
// Ranges and expected figures.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function ranges(project: string): Range[] {
  const now = Date.now();
  const to = new Date(now).toISOString();
  const from90 = new Date(now - 90 * DAY).toISOString();
  const edgeFrom = new Date(Math.floor((now - 45 * DAY) / HOUR) * HOUR + 17 * 60_000 + 23_000).toISOString();
  const edgeTo = new Date(Math.floor((now - 2 * DAY) / HOUR) * HOUR + 42 * 60_000 + 51_000).toISOString();
  return [
    { name: "30 d (default)", query: {} },
    { name: "90 d", query: { from: from90, to }, check: { from: from90, to } },
    { name: "90 d, projectId", query: { from: from90, to, projectId: project }, check: { from: from90, to, projectId: project } },
    { name: "45 d..2 d, :17:23/:42:51 edges", query: { from: edgeFrom, to: edgeTo }, check: { from: edgeFrom, to: edgeTo } },
  ];
}

interface Expected {
  sent: number;
  delivered: number;
  bounced: number;
  opened: number;
  clicked: number;
}

/** The same figures counted from email_events and engagement_firsts directly. */
async function expected(sql: Sql, org: string, check: NonNullable<Range["check"]>): Promise<Expected> {
  const project = check.projectId ? ` AND project_id = '${check.projectId}'` : "";
  const [e] = await sql.rows<Expected>(
    `SELECT count(*) FILTER (WHERE type = 'email.sent')::int AS sent, count(*) FILTER (WHERE type = 'email.delivered')::int AS delivered,
            count(*) FILTER (WHERE type = 'email.bounced')::int AS bounced
     FROM email_events WHERE org_id = '${org}' AND occurred_at >= '${check.from}' AND occurred_at <= '${check.to}'${project}`,
  );
  const [f] = await sql.rows<Expected>(
    `SELECT count(*) FILTER (WHERE kind = 'opened')::int AS opened, count(*) FILTER (WHERE kind = 'clicked')::int AS clicked
     FROM engagement_firsts WHERE org_id = '${org}' AND first_at >= '${check.from}' AND first_at <= '${check.to}'${project}`,
  );
  return { ...e, ...f };
}

// ---------------------------------------------------------------------------------------------
// Timing over HTTP.

const REPORTS = [
  { name: "GET /api/analytics/summary", path: "/api/analytics/summary" },
  { name: "GET /api/analytics/bounce-report", path: "/api/analytics/bounce-report" },
  { name: "GET /api/analytics/delivery-report", path: "/api/analytics/delivery-report" },
  { name: "GET /api/v1/analytics/summary", path: "/api/v1/analytics/summary" },
] as const;

type Body = Record<string, unknown>;

/** What is wrong with one answer: empty figures, or figures that differ from the raw count. */
function problemsOf(report: (typeof REPORTS)[number], body: Body, want: Expected | undefined): string[] {
  const problems: string[] = [];
  const num = (v: unknown) => (typeof v === "number" ? v : NaN);
  if (report.path.endsWith("summary")) {
    const s = (report.path.startsWith("/api/v1") ? body.data : body) as Body;
    const got = {
      sent: num(s.totalSent),
      delivered: num(s.totalDelivered),
      bounced: num(s.totalBounced),
      opened: num(s.totalOpened),
      clicked: num(s.totalClicked),
    };
    if (!(got.sent > 0 && got.delivered > 0 && got.opened > 0 && got.clicked > 0 && got.bounced > 0))
      problems.push(`zero totals ${JSON.stringify(got)}`);
    if (want)
      for (const k of Object.keys(want) as (keyof Expected)[]) if (got[k] !== want[k]) problems.push(`${k} ${got[k]} != ${want[k]}`);
  } else if (report.path.endsWith("bounce-report")) {
    const total = num(body.totalBounces);
    const byReason = (body.bouncesByReason as { count: number }[]) ?? [];
    const byProvider = (body.bouncesByProvider as { count: number }[]) ?? [];
    if (!(total > 0) || byReason.length !== REASONS.length || byProvider.length !== 3) {
      problems.push(`bounces ${total}, ${byReason.length} reasons, ${byProvider.length} providers`);
    }
    if (byReason.reduce((n, r) => n + r.count, 0) !== total) problems.push("reasons do not add up to the total");
    if (want && total !== want.bounced) problems.push(`bounced ${total} != ${want.bounced}`);
  } else {
    const days = (body.dailyStats as Expected[]) ?? [];
    const providers = (body.providerBreakdown as Expected[]) ?? [];
    const sum = (rows: Expected[], k: keyof Expected) => rows.reduce((n, r) => n + r[k], 0);
    if (!(sum(days, "sent") > 0) || providers.length !== 3) problems.push(`${days.length} days, ${providers.length} providers`);
    for (const k of ["sent", "delivered", "bounced", "opened", "clicked"] as const) {
      if (sum(days, k) !== sum(providers, k)) problems.push(`daily ${k} ${sum(days, k)} != by provider ${sum(providers, k)}`);
      if (want && sum(days, k) !== want[k]) problems.push(`${k} ${sum(days, k)} != ${want[k]}`);
    }
  }
  return problems;
}

async function timeReports(
  base: string,
  cookie: string,
  rangeList: Range[],
  want: Map<string, Expected>,
): Promise<{ timings: Timing[]; sample: unknown }> {
  const timings: Timing[] = [];
  let sample: unknown;
  for (const range of rangeList) {
    for (const report of REPORTS) {
      const url = `${base}${report.path}?${new URLSearchParams(range.query)}`;
      const samples: number[] = [];
      const problems = new Set<string>();
      for (let i = 0; i < WARM_UP + TIMED; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const text = await res.text();
        const ms = performance.now() - t0;
        if (i >= WARM_UP) samples.push(ms);
        if (res.status !== 200) {
          problems.add(`status ${res.status}: ${text.slice(0, 200)}`);
          continue;
        }
        const body = JSON.parse(text) as Body;
        for (const p of problemsOf(report, body, want.get(range.name))) problems.add(p);
        if (i === 0 && range.name === "90 d" && report.path === "/api/analytics/summary") sample = body;
      }
      const sorted = samples.sort((a, b) => a - b);
      const t = {
        report: report.name,
        range: range.name,
        p50: nearestRank(sorted, 50),
        p95: nearestRank(sorted, 95),
        max: sorted[sorted.length - 1],
        problems: [...problems],
        samples: sorted,
      };
      timings.push(t);
      log(
        `${report.name} [${range.name}]: p50 ${t.p50.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms${t.problems.length ? "  PROBLEMS: " + t.problems.join("; ") : ""}`,
      );
    }
  }
  return { timings, sample };
}

async function startWithRetry(env: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer({ ...FLOOR_ENV, ...env });
    } catch (err) {
      const msg = String((err as Error).message);
      if (attempt >= 10 || !msg.includes("Could not find a production build")) throw err;
      log("no production build (another build in progress?); retrying in 60 s");
      await new Promise((r) => setTimeout(r, 60_000));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The two databases. lib modules are imported after the environment names the database, and
// the env cache is reset between the two.

type Lib = {
  client: typeof import("@/lib/db/client");
  envMod: typeof import("@/lib/env");
  migrate: typeof import("@/lib/db/migrate");
  orgs: typeof import("@/lib/orgs/create-organization");
  rollUp: typeof import("@/lib/analytics/roll-up");
};
async function lib(): Promise<Lib> {
  const [client, envMod, migrate, orgs, rollUp] = await Promise.all([
    import("@/lib/db/client"),
    import("@/lib/env"),
    import("@/lib/db/migrate"),
    import("@/lib/orgs/create-organization"),
    import("@/lib/analytics/roll-up"),
  ]);
  return { client, envMod, migrate, orgs, rollUp };
}

/** Migrates, creates the organization and its owner, fills; returns the ids and the ranges' expected figures. */
async function prepare(kind: Kind, target: number, sqlFor: (l: Lib) => Sql) {
  const l = await lib();
  l.envMod.resetEnvCache();
  try {
    const handle = l.client.dbHandle();
    if (handle.kind !== kind) throw new Error(`expected a ${kind} handle, got ${handle.kind}`);
    await l.migrate.applyMigrations(handle);
    const { org, project } = await l.orgs.createOrganization({ name: "Bench", owner: { ...owner, name: "Bench" } });
    const ids = { org: org.id, project: project.id };
    const sql = sqlFor(l);
    const filled = await fill(kind, sql, ids, target, () => l.rollUp.rollUpEvents(0));
    const rangeList = ranges(ids.project);
    const want = new Map<string, Expected>();
    for (const r of rangeList) if (r.check) want.set(r.name, await expected(sql, ids.org, r.check));
    return { ...filled, rangeList, want };
  } finally {
    await l.client.closeDb();
  }
}

/** Bare route at one connection (the reports are called one at a time), then the timed reports with the server's RSS sampled. */
async function measure(
  kind: Kind,
  server: RunningServer,
  events: number,
  ceilingSeconds: number,
  prepared: Awaited<ReturnType<typeof prepare>>,
) {
  const cookie = await signIn(server.url, owner);
  const bare: Ceiling = await bareRoute(server.url, 1, ceilingSeconds);
  log(`${kind}: timing the reports (load average ${load()})`);
  const rss = sampleRss(server.process.pid!);
  const { timings, sample } = await timeReports(server.url, cookie, prepared.rangeList, prepared.want);
  rss.stop();
  const samples = timings.flatMap((t) => t.samples);
  const worst = timings.reduce((m, t) => Math.max(m, t.p95), 0);
  const row: Row = {
    workload: `analytics reports (${kind === "postgres" ? "PostgreSQL" : "embedded"}, ${events.toLocaleString("en")} events)`,
    perSec: samples.length / (samples.reduce((a, b) => a + b, 0) / 1000),
    unit: "reports",
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    rssPeakMiB: rss.peak(),
    bare,
    errors: timings.filter((t) => t.problems.length).length,
    note: `${REPORTS.length} reports × ${prepared.rangeList.length} ranges, ${TIMED} timed calls each, one at a time with a session; worst p95 ${worst.toFixed(0)} ms (target < ${TARGET_MS[kind].toLocaleString("en")} ms); every answer checked against the raw tables`,
  };
  return { timings, sample, row };
}

export async function runPostgres(events: number, ceilingSeconds: number): Promise<PhaseResult> {
  const database = await createDatabase("mailroom_bench");
  let server: RunningServer | undefined;
  const admin = new pg.Client({ connectionString: database.url });
  try {
    process.env.DATABASE_URL = database.url;
    delete process.env.DATA_DIR;
    await admin.connect();
    const sql: Sql = {
      exec: async (text) => void (await admin.query(text)),
      rows: async <T>(text: string) => (await admin.query(text)).rows as T[],
    };
    const prepared = await prepare("postgres", events, () => sql);
    server = await startWithRetry({
      DATABASE_URL: database.url,
      ...secrets,
      BOOTSTRAP_ADMIN_EMAIL: owner.email,
      BOOTSTRAP_ADMIN_PASSWORD: owner.password,
    });
    const measured = await measure("postgres", server, prepared.events, ceilingSeconds, prepared);
    const [{ live }] = await sql.rows<{ live: number }>(
      `SELECT count(*)::int AS live FROM email_events e, rollup_state s WHERE e.created_at >= s.watermark`,
    );
    log(`postgres: ${live} events still live after the run`);
    return { events: prepared.events, fill: prepared.fill, ...measured };
  } finally {
    delete process.env.DATABASE_URL;
    await admin.end().catch(() => undefined);
    await server?.stop();
    await database.drop();
  }
}

export async function runEmbedded(events: number, ceilingSeconds: number): Promise<PhaseResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mailroom-bench-"));
  let server: RunningServer | undefined;
  try {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dataDir;
    const sqlFor = (l: Lib): Sql => {
      const handle = l.client.dbHandle();
      if (handle.kind !== "embedded") throw new Error("not embedded");
      return {
        exec: async (text) => {
          // VACUUM may not run inside the adapter's statement wrapping; PGlite runs it directly.
          if (text.startsWith("VACUUM")) await handle.pglite.exec(text);
          else await handle.prisma.$executeRawUnsafe(text);
        },
        rows: <T>(text: string) => handle.prisma.$queryRawUnsafe<T[]>(text),
      };
    };
    const prepared = await prepare("embedded", events, sqlFor);
    server = await startWithRetry({
      DATA_DIR: dataDir,
      ...secrets,
      BOOTSTRAP_ADMIN_EMAIL: owner.email,
      BOOTSTRAP_ADMIN_PASSWORD: owner.password,
    });
    const measured = await measure("embedded", server, prepared.events, ceilingSeconds, prepared);
    return { events: prepared.events, fill: prepared.fill, ...measured };
  } finally {
    delete process.env.DATA_DIR;
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number | undefined) => (n === undefined ? "—" : n.toFixed(0));
const verdict = (t: Timing | undefined, target: number) => (!t ? "—" : t.problems.length ? "WRONG" : t.p95 < target ? "PASS" : "FAIL");

/** The per-report table of a PostgreSQL phase and, when run, an embedded one; then any wrong figures. */
export function printTimings(pgResult: PhaseResult, embedded?: PhaseResult) {
  console.log(
    `\nEvents: PostgreSQL ${pgResult.events.toLocaleString("en")} + ${LIVE_EVENTS.toLocaleString("en")} live; embedded ${embedded ? embedded.events.toLocaleString("en") + " + " + LIVE_EVENTS.toLocaleString("en") + " live" : "—"}. ` +
      `${TIMED} timed calls after ${WARM_UP} warm-ups; targets p95 < ${TARGET_MS.postgres} ms (PostgreSQL), < ${TARGET_MS.embedded} ms (embedded).`,
  );
  console.table(
    pgResult.timings.map((t, i) => {
      const e = embedded?.timings[i];
      return {
        report: t.report.replace("GET ", ""),
        range: t.range,
        "pg p50": ms(t.p50),
        "pg p95": ms(t.p95),
        pg: verdict(t, TARGET_MS.postgres),
        "embedded p50": ms(e?.p50),
        "embedded p95": ms(e?.p95),
        embedded: verdict(e, TARGET_MS.embedded),
      };
    }),
  );
  const wrong = [...pgResult.timings, ...(embedded?.timings ?? [])].filter((t) => t.problems.length);
  for (const t of wrong) console.log(`WRONG ${t.report} [${t.range}]: ${t.problems.join("; ")}`);
}
