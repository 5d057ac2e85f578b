// One database handle per process: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded PGlite under the data folder. Held on globalThis because Next.js may evaluate
// this module more than once, and PGlite must never be opened twice on one folder.
import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { dataDirInUse, env } from "@/lib/env";
import { lockDataDir } from "@/lib/db/data-dir-lock";

export type Db = PrismaClient;

export type DbHandle =
  { kind: "postgres"; prisma: PrismaClient; url: string } | { kind: "embedded"; prisma: PrismaClient; pglite: PGlite; release: () => void };

export function openPostgres(url: string, poolSize = 10): DbHandle {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: poolSize }) });
  return { kind: "postgres", prisma, url };
}

/** Where in the data folder the embedded database keeps its cluster. */
export const embeddedDir = (dataDir: string) => path.join(dataDir, "pglite");

/** PostgreSQL's own 128 MB page cache lives in the WebAssembly memory, which never shrinks: 16 MB
 * (what a small instance's working set needs) keeps the process's resident memory down, and
 * the data files themselves stay in the operating system's cache. */
export const EMBEDDED_START_PARAMS = ["-c", "shared_buffers=16MB"];

export function openEmbedded(dataDir: string): DbHandle {
  const dir = embeddedDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  const pglite = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_START_PARAMS] });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return { kind: "embedded", prisma, pglite, release };
}

const holder = globalThis as unknown as { __mailroomDb?: DbHandle };

export function dbHandle(): DbHandle {
  if (!holder.__mailroomDb) {
    const e = env();
    holder.__mailroomDb = e.DATABASE_URL ? openPostgres(e.DATABASE_URL) : openEmbedded(dataDirInUse());
  }
  return holder.__mailroomDb;
}

/** The process's Prisma client. */
export function db(): PrismaClient {
  return dbHandle().prisma;
}

export async function closeDb(): Promise<void> {
  const { closeRawPool } = await import("@/lib/db/raw-query");
  await closeRawPool();
  const h = holder.__mailroomDb;
  holder.__mailroomDb = undefined;
  if (!h) return;
  await h.prisma.$disconnect();
  if (h.kind === "embedded") {
    await h.pglite.close();
    h.release();
  }
}
