import { db } from "@/lib/db/client";

/** Adds `by` to the window's counter and returns the new count, in one statement. */
export async function incrementInDatabase(key: string, windowStart: number, expiresSec: number, by = 1): Promise<number> {
  const rows = await db().$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
    VALUES (${key}, ${BigInt(windowStart)}, ${by}::int, ${new Date(expiresSec * 1000)})
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + ${by}::int
    RETURNING count`;
  return Number(rows[0].count);
}

export async function readInDatabase(key: string, windowStart: number): Promise<number> {
  const rows = await db().$queryRaw<{ count: number }[]>`
    SELECT count FROM rate_limit_counters WHERE key = ${key} AND window_start = ${BigInt(windowStart)}`;
  return Number(rows[0]?.count ?? 0);
}

export async function clearInDatabase(key: string): Promise<void> {
  await db().$executeRaw`DELETE FROM rate_limit_counters WHERE key = ${key}`;
}

/** Deletes counters of windows that have ended. */
export async function pruneExpiredCounters(now = new Date()): Promise<number> {
  return db().$executeRaw`DELETE FROM rate_limit_counters WHERE expires_at < ${now}`;
}
