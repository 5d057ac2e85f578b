// Migrations apply on an empty PostgreSQL and on an empty embedded database; a second run
// is a no-op; the bookkeeping matches what `prisma migrate deploy` writes.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { openEmbedded, openPostgres, type DbHandle } from "@/lib/db/client";
import { applyMigrations, readMigrations } from "@/lib/db/migrate";
import { lockDataDir } from "@/lib/db/data-dir-lock";
import { createDatabase } from "../helpers/database";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function checkFreshDatabase(handle: DbHandle) {
  const names = readMigrations().map((m) => m.name);
  expect(names.length).toBeGreaterThan(0);
  expect(await applyMigrations(handle)).toEqual(names);
  expect(await applyMigrations(handle)).toEqual([]);
  const rows = await handle.prisma.$queryRaw<
    { migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }[]
  >`
    SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`;
  expect(rows.map((r) => r.migration_name)).toEqual(names);
  for (const r of rows) {
    const sql = readMigrations().find((m) => m.name === r.migration_name)!.sql;
    expect(r.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
    expect(r.finished_at).not.toBeNull();
    expect(Number(r.applied_steps_count)).toBe(1);
  }
  // The schema works: write and read through the generated client.
  const org = await handle.prisma.organization.create({ data: { name: "Migrated" } });
  expect((await handle.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).sendMode).toBe("test");
}

describe("migrations", () => {
  it("apply on an empty PostgreSQL database, and again as a no-op", async () => {
    const database = await createDatabase("mailroom_migrate");
    const handle = openPostgres(database.url, 2);
    cleanups.push(async () => {
      await handle.prisma.$disconnect();
      await database.drop();
    });
    await checkFreshDatabase(handle);
  });

  it("two instances starting at once apply each migration once", async () => {
    const database = await createDatabase("mailroom_migrate");
    const a = openPostgres(database.url, 2);
    const b = openPostgres(database.url, 2);
    cleanups.push(async () => {
      await a.prisma.$disconnect();
      await b.prisma.$disconnect();
      await database.drop();
    });
    const [ra, rb] = await Promise.all([applyMigrations(a), applyMigrations(b)]);
    expect([...ra, ...rb].sort()).toEqual(
      readMigrations()
        .map((m) => m.name)
        .sort(),
    );
  });

  it("apply on an empty embedded database, and again as a no-op", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mailroom-migrate-"));
    const handle = openEmbedded(dir);
    cleanups.push(async () => {
      await handle.prisma.$disconnect();
      if (handle.kind === "embedded") {
        await handle.pglite.close();
        handle.release();
      }
      rmSync(dir, { recursive: true, force: true });
    });
    await checkFreshDatabase(handle);
    // The lock names this process, which may take it again.
    expect(() => lockDataDir(dir)).not.toThrow();
  });

  it("refuses to open an embedded database another live process holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mailroom-lock-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, "mailroom.lock"), String(process.ppid));
    expect(() => openEmbedded(dir)).toThrow(/in use by process/);
    writeFileSync(path.join(dir, "mailroom.lock"), "999999999"); // a dead process: taken over
    expect(() => lockDataDir(dir)).not.toThrow();
  });

  it("a failing migration is rolled back whole and recorded, and the start-up stops", async () => {
    const database = await createDatabase("mailroom_migrate");
    const handle = openPostgres(database.url, 2);
    cleanups.push(async () => {
      await handle.prisma.$disconnect();
      await database.drop();
    });
    const broken = [
      ...readMigrations(),
      { name: "99999999999999_broken", sql: "CREATE TABLE half_done (id int); SELECT * FROM no_such_table;", checksum: "x" },
    ];
    await expect(applyMigrations(handle, broken)).rejects.toThrow(/99999999999999_broken failed/);
    const exists = await handle.prisma.$queryRaw<{ t: string | null }[]>`SELECT to_regclass('half_done')::text AS t`;
    expect(exists[0].t).toBeNull();
    const row = await handle.prisma.$queryRaw<{ logs: string; rolled_back_at: Date | null }[]>`
      SELECT logs, rolled_back_at FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`;
    expect(row[0].logs).toMatch(/no_such_table/);
    expect(row[0].rolled_back_at).not.toBeNull();
    // Fixed, it applies on the next start.
    const fixed = [...readMigrations(), { name: "99999999999999_broken", sql: "CREATE TABLE half_done (id int);", checksum: "y" }];
    expect(await applyMigrations(handle, fixed)).toEqual(["99999999999999_broken"]);
  });
});

describe("the migration that rolls up first engagements", () => {
  it("rolls up the first opens and clicks recorded before it, dated before any watermark, and dates new ones now", async () => {
    const database = await createDatabase("mailroom_migrate_engagements");
    const handle = openPostgres(database.url);
    cleanups.push(async () => {
      await handle.prisma.$disconnect();
      await database.drop();
    });
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith("_engagement_rollups"));
    expect(at).toBeGreaterThan(0);
    await applyMigrations(handle, all.slice(0, at));
    const org = "11111111-1111-4111-8111-111111111111";
    const project = "22222222-2222-4222-8222-222222222222";
    await handle.prisma.$executeRawUnsafe(
      `INSERT INTO engagement_firsts (message_id, recipient, kind, org_id, project_id, provider, first_at) VALUES
        (gen_random_uuid(), 'a@example.test', 'opened', '${org}', '${project}', 'alpha', '2026-10-06T09:10:00Z'),
        (gen_random_uuid(), 'b@example.test', 'opened', '${org}', '${project}', 'alpha', '2026-10-06T09:50:00Z'),
        (gen_random_uuid(), 'c@example.test', 'clicked', '${org}', NULL, 'beta', '2026-10-06T10:05:00Z')`,
    );
    expect(await applyMigrations(handle, all)).toEqual(all.slice(at).map((m) => m.name));
    const rollups = await handle.prisma.$queryRawUnsafe<
      { hour: Date; project_id: string; provider: string; kind: string; count: number }[]
    >(`SELECT hour, project_id::text, provider, kind, count FROM engagement_rollups ORDER BY hour, kind`);
    expect(rollups).toEqual([
      { hour: new Date("2026-10-06T09:00:00Z"), project_id: project, provider: "alpha", kind: "opened", count: 2 },
      {
        hour: new Date("2026-10-06T10:00:00Z"),
        project_id: "00000000-0000-0000-0000-000000000000",
        provider: "beta",
        kind: "clicked",
        count: 1,
      },
    ]);
    const dated = await handle.prisma.$queryRawUnsafe<{ created_at: Date }[]>(`SELECT DISTINCT created_at FROM engagement_firsts`);
    expect(dated).toEqual([{ created_at: new Date("1970-01-01T00:00:00Z") }]);
    await handle.prisma.$executeRawUnsafe(
      `INSERT INTO engagement_firsts (message_id, recipient, kind, org_id, provider, first_at) VALUES (gen_random_uuid(), 'd@example.test', 'opened', '${org}', 'alpha', now())`,
    );
    const [fresh] = await handle.prisma.$queryRawUnsafe<{ age: number }[]>(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM engagement_firsts WHERE recipient = 'd@example.test'`,
    );
    expect(Math.abs(fresh.age)).toBeLessThan(60);
  });
});
