// An app server on a database of its own, for tests that must restart or kill it, or run it
// with settings the shared servers do not have. Signed in as the bootstrap owner, its
// organization in production mode, with an API key of the given scopes.
import { inject } from "vitest";
import pg from "pg";
import { call } from "./http";
import { createDatabase } from "./database";
import { startServer } from "./server";
import { signInOrThrow } from "./sign-in";
import { TEST_SENDERS } from "./sending";

export async function ownServer(env: Record<string, string>, scopes: string[]) {
  const database = await createDatabase("mailroom_own");
  const serverEnv = { ...inject("serverEnv"), ...env, DATABASE_URL: database.url };
  const server = await startServer(serverEnv);
  const sql = new pg.Client({ connectionString: database.url });
  try {
    const cookie = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), server.url);
    await sql.connect();
    await sql.query(`UPDATE organizations SET send_mode = 'production'`);
    await sql.query(
      `INSERT INTO senders (id, org_id, email, confirmed_at, updated_at) SELECT gen_random_uuid(), o.id, e, now(), now() FROM organizations o, unnest($1::text[]) e`,
      [TEST_SENDERS],
    );
    const keyRes = await call("/api/api-keys", { base: server.url, cookie, body: { name: "own", scopes } });
    /** Stops the server (SIGTERM unless told) and drops its database. */
    const close = async (signal?: NodeJS.Signals) => {
      await server.stop(signal);
      await sql.end();
      await database.drop();
    };
    return { database, serverEnv, server, cookie, sql, key: keyRes.body.key as string, close };
  } catch (err) {
    // Half set up: nothing is left running or holding connections for the rest of the run.
    await server.stop("SIGKILL");
    await sql.end().catch(() => undefined);
    await database.drop();
    throw err;
  }
}
