// An app server of the test's own on a database the test names (on the shared cluster or a
// private one), signed in as the bootstrap owner, its organization in production mode with the
// test senders confirmed, an API key whose rate limit does not get in the way of a burst.
import { inject } from "vitest";
import pg from "pg";
import { call } from "../helpers/http";
import { startServer, type RunningServer } from "../helpers/server";
import { signInOrThrow } from "../helpers/sign-in";
import { TEST_SENDERS } from "../helpers/sending";

export interface FaultServer {
  server: RunningServer;
  serverEnv: Record<string, string>;
  cookie: string;
  key: string;
  sql: pg.Client;
}

export async function faultServer(databaseUrl: string, env: Record<string, string>, scopes: string[]): Promise<FaultServer> {
  const serverEnv = { ...inject("serverEnv"), ...env, DATABASE_URL: databaseUrl };
  const server = await startServer(serverEnv);
  const cookie = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), server.url);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  await sql.query(`UPDATE organizations SET send_mode = 'production', monthly_send_allowance = 1000000`);
  await sql.query(
    `INSERT INTO senders (id, org_id, email, confirmed_at, updated_at) SELECT gen_random_uuid(), o.id, e, now(), now() FROM organizations o, unnest($1::text[]) e`,
    [TEST_SENDERS],
  );
  const keyRes = await call("/api/api-keys", { base: server.url, cookie, body: { name: "faults", scopes } });
  if (keyRes.status !== 201) throw new Error(`key create failed: ${keyRes.status} ${JSON.stringify(keyRes.body)}`);
  await sql.query(`UPDATE api_keys SET rate_limit_per_minute = 100000`);
  return { server, serverEnv, cookie, sql, key: keyRes.body.key as string };
}
