// Hot-path SQL (the few statements every send or key request runs). On PostgreSQL these go
// through plain pg pools: measured here, the same statement costs about half the app CPU it
// costs through Prisma (PERFORMANCE.md). On the embedded database they stay on Prisma's
// connection, whose adapter keeps PGlite's single connection out of other transactions.
import pg from "pg";
import { dbHandle } from "@/lib/db/client";

export type Durability = "durable" | "counter";

const holder = globalThis as unknown as { __mailroomPools?: Partial<Record<Durability, pg.Pool>> };

function pool(url: string, durability: Durability): pg.Pool {
  const pools = (holder.__mailroomPools ??= {});
  // "counter" statements only move request counters (rate limits). Their commits do not wait
  // for the WAL flush: every request updates the same counter row, and waiting for a flush
  // while holding that row's lock serialised all requests of a key on disk latency. A crash
  // can lose the last fraction of a second of counts, which only lets a few extra requests in.
  pools[durability] ??= new pg.Pool({
    connectionString: url,
    // Small: next to Prisma's pool, several instances must fit PostgreSQL's default 100
    // connections; under load the app process, not the pool, is the limit (PERFORMANCE.md).
    max: 5,
    ...(durability === "counter" ? { options: "-c synchronous_commit=off" } : {}),
  });
  return pools[durability];
}

/** Runs one statement with $1… placeholders; bigint parameters are sent as text. */
export async function rawQuery<T>(text: string, params: unknown[] = [], durability: Durability = "durable"): Promise<T[]> {
  const values = params.map((p) => (typeof p === "bigint" ? p.toString() : p));
  const h = dbHandle();
  if (h.kind === "postgres") return (await pool(h.url, durability).query(text, values)).rows as T[];
  return h.prisma.$queryRawUnsafe<T[]>(text, ...values);
}

export async function closeRawPool(): Promise<void> {
  const pools = holder.__mailroomPools ?? {};
  holder.__mailroomPools = undefined;
  await Promise.all(Object.values(pools).map((p) => p?.end()));
}
