// What the benchmarks share: signing the owner in, and a server set up for sending.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase } from "../tests/helpers/database";
import { startServer } from "../tests/helpers/server";
import { standInForAutovacuum } from "./support/autovacuum";
import { FLOOR_ENV } from "./support/bare-route";

/** Signs a benchmark's owner in through next-auth's credentials route; returns the cookie header. */
export async function signIn(base: string, owner: { email: string; password: string }): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, ...owner, json: "true" }),
    redirect: "manual",
  });
  const cookies = [...jar, ...res.headers.getSetCookie().map((c) => c.split(";")[0])];
  if (!cookies.some((c) => c.includes("session-token"))) throw new Error(`Sign-in as ${owner.email} failed (HTTP ${res.status})`);
  return cookies.join("; ");
}

/** A benchmark server's environment, but for its database: new secrets, the owner created at
 * start-up, and the bare reference route turned on. */
export function benchEnv(owner: { email: string; password: string }): Record<string, string> {
  return {
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    BOOTSTRAP_ADMIN_EMAIL: owner.email,
    BOOTSTRAP_ADMIN_PASSWORD: owner.password,
    ALLOW_PRIVATE_PROVIDER_HOSTS: "1", // any provider a workload adds listens on 127.0.0.1
    DEFAULT_FROM: "mail@mailroom.test", // the operator lends organizations a from address for sends that give none
    ...FLOOR_ENV,
  };
}

/** Creates an API key of `scopes` as the signed-in owner; answers the key. */
export async function createKey(base: string, cookie: string, scopes: string[]): Promise<string> {
  const res = await fetch(`${base}/api/api-keys`, {
    method: "POST",
    // A signed-in write names its origin, as a browser's does (lib/http/same-origin.ts).
    headers: { "content-type": "application/json", cookie, origin: base },
    body: JSON.stringify({ name: "bench", scopes }),
  });
  if (!res.ok) throw new Error(`Creating the benchmark's API key failed: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

/** The statements that lift the limits a benchmark would hit: production mode, no allowance
 * cap, no key rate cap, and news@example.test (the benchmarks' from) a confirmed sender. */
export const LIMITS_LIFTED = [
  `UPDATE organizations SET send_mode = 'production', plan = 'enterprise', monthly_send_allowance = NULL`,
  `UPDATE api_keys SET rate_limit_per_minute = 100000000`,
  `INSERT INTO senders (id, org_id, email, confirmed_at, updated_at) SELECT gen_random_uuid(), id, 'news@example.test', now(), now() FROM organizations`,
];

/**
 * A production server on a fresh database, its owner signed in with an API key of `scopes`,
 * and the limits a benchmark would otherwise hit lifted: production mode, no allowance cap, no
 * key rate cap; news@example.test a confirmed sender. Answers the server's URL, process id and
 * database URL (to sample its memory and size), the owner's key and session cookie. Stop it
 * with `close()`.
 */
export async function benchServer(owner: { email: string; password: string }, scopes: string[], env: Record<string, string> = {}) {
  const database = await createDatabase("mailroom_bench");
  const server = await startServer({ ...benchEnv(owner), DATABASE_URL: database.url, ...env });
  const stopVacuum = await standInForAutovacuum(database.url);
  const close = async () => {
    await stopVacuum();
    await server.stop();
    await database.drop();
  };
  try {
    const cookie = await signIn(server.url, owner);
    const key = await createKey(server.url, cookie, scopes);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    for (const statement of LIMITS_LIFTED) await admin.query(statement);
    await admin.end();
    return { url: server.url, pid: server.process.pid!, databaseUrl: database.url, key, cookie, close };
  } catch (err) {
    await close();
    throw err;
  }
}
