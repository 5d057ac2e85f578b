// An app server of the test's own, for tests that must restart or kill it, break what it stands
// on (the fault suite), or run it with settings the shared servers do not have. Signed in as the
// bootstrap owner, its organization in production mode with the test senders confirmed, with an
// API key of the given scopes.
import { inject } from "vitest";
import pg from "pg";
import { call } from "./http";
import { createDatabase } from "./database";
import { startServer } from "./server";
import { signInOrThrow } from "./sign-in";
import { TEST_SENDERS } from "./sending";

export interface OwnServerOptions {
  /** The scopes of the owner's API key. */
  scopes: string[];
  /** Settings over the run's server environment. */
  env?: Record<string, string>;
  /** Run on this database, which the caller made and removes (say on a PostgreSQL cluster of its
   * own). Default: a fresh database on the test cluster, dropped by close(). */
  databaseUrl?: string;
  /** No monthly send allowance or key rate limit in the way of a burst of sends. */
  unthrottled?: boolean;
}

export type OwnServer = Awaited<ReturnType<typeof ownServer>>;

export async function ownServer({ scopes, env = {}, databaseUrl, unthrottled = false }: OwnServerOptions) {
  const database = databaseUrl ? { url: databaseUrl, drop: async () => undefined } : await createDatabase("mailroom_own");
  const serverEnv = { ...inject("serverEnv"), ...env, DATABASE_URL: database.url };
  const server = await startServer(serverEnv).catch(async (err) => {
    await database.drop();
    throw err;
  });
  const sql = new pg.Client({ connectionString: database.url });
  try {
    await sql.connect();
    const { cookie, key } = await ownOrganization({ base: server.url, sql, scopes, unthrottled });
    /** Stops the server (SIGTERM unless told) and drops its database (unless the caller's). */
    const close = async (signal?: NodeJS.Signals) => {
      await server.stop(signal);
      await sql.end().catch(() => undefined); // a client the test broke (the database went away) has nothing left to end
      await database.drop();
    };
    return { database, serverEnv, server, cookie, sql, key, close };
  } catch (err) {
    // Half set up: nothing is left running or holding connections for the rest of the run.
    await server.stop("SIGKILL");
    await sql.end().catch(() => undefined);
    await database.drop();
    throw err;
  }
}

/**
 * On a server whose database `sql` is connected to, with one organization (the bootstrap
 * owner's): signs the owner in, puts the organization in production mode with the test senders
 * confirmed and creates an API key of `scopes`; `unthrottled` lifts the send allowance and the
 * key's rate limit. Answers the session cookie and the key.
 */
export async function ownOrganization({
  base,
  sql,
  scopes,
  unthrottled = false,
}: {
  base: string;
  sql: pg.Client;
  scopes: string[];
  unthrottled?: boolean;
}) {
  const cookie = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), base);
  await sql.query(`UPDATE organizations SET send_mode = 'production'${unthrottled ? ", monthly_send_allowance = 1000000" : ""}`);
  await sql.query(
    `INSERT INTO senders (id, org_id, email, confirmed_at, updated_at) SELECT gen_random_uuid(), o.id, e, now(), now() FROM organizations o, unnest($1::text[]) e`,
    [TEST_SENDERS],
  );
  const keyRes = await call("/api/api-keys", { base, cookie, body: { name: "own", scopes } });
  if (keyRes.status !== 201) throw new Error(`key create failed: ${keyRes.status} ${JSON.stringify(keyRes.body)}`);
  if (unthrottled) await sql.query(`UPDATE api_keys SET rate_limit_per_minute = 100000`);
  return { cookie, key: keyRes.body.key as string };
}
