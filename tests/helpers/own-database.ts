// A database of the test file's (or describe block's) own, migrated, which lib/ in this
// process then uses (db(), rawQuery), with any `env` beside it: for tests that call lib/
// directly and must not share rows with the app servers' runners. Puts everything back after.
import { afterAll, beforeAll } from "vitest";
import { closeDb, dbHandle } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { resetEnvCache } from "@/lib/env";
import { createDatabase } from "./database";

export function withOwnDatabase(prefix: string, env: Record<string, string> = {}) {
  const saved = { ...process.env };
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  beforeAll(async () => {
    database = await createDatabase(prefix);
    Object.assign(process.env, { DATABASE_URL: database.url, ...env });
    resetEnvCache();
    await closeDb(); // and its raw pools
    await applyMigrations(dbHandle());
  });
  afterAll(async () => {
    await closeDb();
    process.env = saved;
    resetEnvCache();
    await database?.drop();
  });
}
