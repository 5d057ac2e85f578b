// Database state, cheaply: per table, the row count and a hash of every row, read in one SQL
// statement. Two snapshots around a refused request must be equal ("no state change on
// refusal"). Scoped to one organization, it proves that another organization's requests
// never touched it. Bookkeeping that every request or the background runner may write is left
// out: rate-limit windows, the job queue, replay guards, analytics roll-ups, the minute-
// granular lastUsedAt of keys and app grants, and the audit entries the product writes on
// purpose without changing anything else (refused sends, staff lookups).
import pg from "pg";
import { inject } from "vitest";

const SKIP_TABLES = new Set([
  "_prisma_migrations",
  "jobs",
  "rate_limit_counters",
  "replay_guards",
  "rollup_state",
  "event_rollups",
  "engagement_rollups",
]);
const SKIP_COLUMNS = ["last_used_at"];

export type Snapshot = Map<string, string>;

let client: pg.Client | null = null;
async function sql(): Promise<pg.Client> {
  if (!client) {
    client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
  }
  return client;
}

export async function closeSnapshots(): Promise<void> {
  await client?.end();
  client = null;
}

interface TableInfo {
  name: string;
  hasOrg: boolean;
  /** A column referencing a table with org_id (one level up), for organization scope. */
  parent?: { column: string; table: string; key: string };
}

let tables: Promise<TableInfo[]> | null = null;
function tableInfo(): Promise<TableInfo[]> {
  tables ??= (async () => {
    const c = await sql();
    const cols = await c.query<{ table_name: string; column_name: string }>(
      "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'",
    );
    const byTable = new Map<string, Set<string>>();
    for (const r of cols.rows) (byTable.get(r.table_name) ?? byTable.set(r.table_name, new Set()).get(r.table_name)!).add(r.column_name);
    const fks = await c.query<{ child: string; column: string; parent: string; key: string }>(`
      SELECT cl.relname AS child, a.attname AS column, pcl.relname AS parent, pa.attname AS key
      FROM pg_constraint k
      JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pcl ON pcl.oid = k.confrelid
      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
      JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = k.confkey[1]
      WHERE k.contype = 'f' AND array_length(k.conkey, 1) = 1 AND cl.relnamespace = 'public'::regnamespace`);
    return [...byTable.keys()]
      .filter((t) => !SKIP_TABLES.has(t))
      .sort()
      .map((name) => {
        const hasOrg = byTable.get(name)!.has("org_id");
        const fk = hasOrg ? undefined : fks.rows.find((f) => f.child === name && byTable.get(f.parent)?.has("org_id"));
        return { name, hasOrg, ...(fk ? { parent: { column: fk.column, table: fk.parent, key: fk.key } } : {}) };
      });
  })();
  return tables;
}

function rowHash(alias: string): string {
  return `md5((to_jsonb(${alias}) ${SKIP_COLUMNS.map((c) => `- '${c}'`).join(" ")})::text)`;
}

/** Audit entries written on purpose where nothing else changes: refused sends, and staff lookups
 * (docs/staff-api.md: looking an organization up is itself audited). */
function refusalFilter(table: string, alias: string): string {
  return table === "audit_logs" ? ` AND ${alias}.outcome NOT LIKE 'refused%' AND ${alias}.action <> 'staff.organization_viewed'` : "";
}

/** Every table (orgId unset), or only the rows of one organization (and their child rows, its
 * members' user rows and the organization row itself). */
export async function snapshot(orgId?: string): Promise<Snapshot> {
  const parts: string[] = [];
  for (const t of await tableInfo()) {
    const agg = `SELECT '${t.name}' AS t, count(*)::text || ':' || coalesce(md5(string_agg(h, ',' ORDER BY h)), '') AS v FROM (SELECT ${rowHash("x")} AS h FROM "${t.name}" x`;
    if (!orgId) parts.push(`${agg} WHERE true${refusalFilter(t.name, "x")}) s`);
    else if (t.name === "organizations") parts.push(`${agg} WHERE x.id = $1) s`);
    else if (t.name === "users") parts.push(`${agg} WHERE x.id IN (SELECT user_id FROM memberships WHERE org_id = $1)) s`);
    else if (t.hasOrg) parts.push(`${agg} WHERE x.org_id = $1${refusalFilter(t.name, "x")}) s`);
    else if (t.parent)
      parts.push(`${agg} WHERE x."${t.parent.column}" IN (SELECT "${t.parent.key}" FROM "${t.parent.table}" WHERE org_id = $1)) s`);
  }
  const c = await sql();
  const res = await c.query<{ t: string; v: string }>(parts.join(" UNION ALL "), orgId ? [orgId] : []);
  return new Map(res.rows.map((r) => [r.t, r.v]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(a: Snapshot, b: Snapshot): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((t) => a.get(t) !== b.get(t)).sort();
}

/** True while background work runs or is due within a few seconds: a job, a webhook delivery
 * (a lane of its own, outside the jobs table) or a planned event (the demo provider's). */
export async function backgroundBusy(): Promise<boolean> {
  const c = await sql();
  const res = await c.query<{ n: string }>(`
    SELECT (SELECT count(*) FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= now() + interval '2 seconds'))
         + (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'delivering') AND next_attempt_at <= now() + interval '3 seconds')
         + (SELECT count(*) FROM scheduled_events WHERE occurred_at <= now() + interval '3 seconds') AS n`);
  return Number(res.rows[0].n) > 0;
}

/** Whether any background work ran since `since` (a database clock reading): a job, or a webhook
 * attempt under way or ended since (an attempt's row is written when it ends, with the time it
 * started: one that started well before `since` is found by its end). */
export async function jobsActiveSince(since: Date): Promise<boolean> {
  const c = await sql();
  const res = await c.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM jobs WHERE status = 'running' OR locked_at >= $1 OR finished_at >= $1)
          + (SELECT count(*) FROM webhook_deliveries WHERE status = 'delivering' AND lease_until > now())
          + (SELECT count(*) FROM webhook_attempts
             WHERE started_at + duration_ms * interval '1 millisecond' >= $1 - interval '1 second') AS n`,
    [since],
  );
  return Number(res.rows[0].n) > 0;
}

export async function dbNow(): Promise<Date> {
  const c = await sql();
  return (await c.query<{ now: Date }>("SELECT clock_timestamp() AS now")).rows[0].now;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no background work runs or is due and the state holds still (at most `maxMs`). */
export async function quiet(orgId?: string, maxMs = 15_000): Promise<Snapshot> {
  const deadline = Date.now() + maxMs;
  let last = await snapshot(orgId);
  for (;;) {
    await sleep(50);
    const busy = await backgroundBusy();
    const next = await snapshot(orgId);
    if (!busy && changedTables(last, next).length === 0) return next;
    if (Date.now() > deadline) return next;
    last = next;
  }
}
