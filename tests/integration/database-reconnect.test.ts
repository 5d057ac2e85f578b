// The hot-path pools (lib/db/raw-query.ts) survive the database dropping their idle
// connections (a restart, a failover): the drop is reported on the pool, which needs a
// listener or it becomes an uncaught exception (vitest fails the run on one), and the next
// statement simply opens a new connection. The whole-restart case is tests/faults/database-restart.test.ts.
import pg from "pg";
import { inject, describe, expect, it } from "vitest";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";

describe("raw-query pools", () => {
  it("lose an idle connection to the server without an uncaught error, and reconnect", async () => {
    const [{ pid }] = await rawQuery<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
    const admin = new pg.Client({ connectionString: inject("databaseUrl") });
    await admin.connect();
    try {
      expect((await admin.query(`SELECT pg_terminate_backend($1::int) AS done`, [pid])).rows[0].done).toBe(true);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200)); // the idle connection learns it was dropped
    const [{ pid: next }] = await rawQuery<{ pid: number }>(Prisma.sql`SELECT pg_backend_pid() AS pid`);
    expect(next).not.toBe(pid);
  });
});
