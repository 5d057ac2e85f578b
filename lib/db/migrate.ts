// Applies prisma/migrations without Prisma's native engine, recording each one in
// _prisma_migrations exactly as `prisma migrate deploy` does, so the two stay interchangeable.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { DbHandle } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { directDatabaseUrl } from "@/lib/db/direct-url";

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;
// Any fixed number: serialises start-ups of several instances on one database.
const ADVISORY_LOCK = 727_073_691;

interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** A minimal SQL runner over either driver: one connection, held for the whole run. `exec` runs a migration's script. */
interface Runner {
  exec(sql: string): Promise<void>;
  query<T>(statement: Prisma.Sql): Promise<T[]>;
}

export function readMigrations(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations")): Migration[] {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new Error(`No migrations folder at ${dir}`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

async function applyPending(run: Runner, migrations: Migration[]): Promise<string[]> {
  await run.exec(MIGRATIONS_TABLE);
  const done = await run.query<{ migration_name: string }>(
    Prisma.sql`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(done.map((r) => r.migration_name));
  const ran: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.name)) continue;
    const id = randomUUID();
    await run.exec("BEGIN");
    try {
      await run.query(
        Prisma.sql`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES (${id}, ${m.checksum}, ${m.name}, now())`,
      );
      await run.exec(m.sql);
      await run.query(Prisma.sql`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = ${id}`);
      await run.exec("COMMIT");
    } catch (err) {
      await run.exec("ROLLBACK");
      // Keep a trace like Prisma does; marked rolled back because the transaction undid it,
      // so the next start (or `prisma migrate deploy`) may apply it again once fixed.
      await run.query(
        Prisma.sql`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, rolled_back_at, started_at)
         VALUES (${id}, ${m.checksum}, ${m.name}, ${String((err as Error).message)}, now(), now())`,
      );
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    ran.push(m.name);
  }
  return ran;
}

/** Applies every pending migration; returns the names applied (empty when up to date). */
export async function applyMigrations(handle: DbHandle, migrations = readMigrations()): Promise<string[]> {
  if (handle.kind === "embedded") {
    const lite = handle.pglite;
    return applyPending(
      {
        exec: async (sql) => void (await lite.exec(sql)),
        query: async <T>(statement: Prisma.Sql) => (await lite.query<T>(statement.text, statement.values)).rows,
      },
      migrations,
    );
  }
  // A database that does not answer fails the start-up (with the reason) instead of hanging it.
  const client = new pg.Client({ connectionString: directDatabaseUrl() ?? handle.url, connectionTimeoutMillis: 15_000 });
  await client.connect();
  const query = async <T>(statement: Prisma.Sql) => (await client.query(statement.text, statement.values)).rows as T[];
  try {
    await query(Prisma.sql`SELECT pg_advisory_lock(${ADVISORY_LOCK})`);
    return await applyPending({ exec: async (sql) => void (await client.query(sql)), query }, migrations);
  } finally {
    await query(Prisma.sql`SELECT pg_advisory_unlock(${ADVISORY_LOCK})`).catch(() => undefined);
    await client.end();
  }
}
