// Fixed-window counters shared by every app instance: in PostgreSQL by default, in Redis
// when REDIS_URL is set. The increment and the read are one atomic statement, so concurrent
// requests can never be over-admitted.
import { env } from "@/lib/env";
import { clearInDatabase, incrementInDatabase, readInDatabase } from "@/lib/rate-limit/database-store";
import { clearInRedis, incrementInRedis, readInRedis } from "@/lib/rate-limit/redis-store";

export interface WindowResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfter: number;
}

function windowOf(windowSeconds: number, now: number) {
  const nowSec = Math.floor(now / 1000);
  const start = nowSec - (nowSec % windowSeconds);
  return { nowSec, start, reset: start + windowSeconds };
}

const redisKey = (key: string, start: number) => `rl:${key}:${start}`;

/** Counts one hit and says whether it is within the limit. */
export async function hitFixedWindow(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<WindowResult> {
  const { nowSec, start, reset } = windowOf(windowSeconds, now);
  const url = env().REDIS_URL;
  const count = url
    ? await incrementInRedis(url, redisKey(key, start), windowSeconds)
    : await incrementInDatabase(key, start, reset);
  const allowed = count <= limit;
  return { allowed, limit, remaining: Math.max(0, limit - count), reset, retryAfter: allowed ? 0 : Math.max(1, reset - nowSec) };
}

/** The current window's count, without counting. */
export async function peekFixedWindow(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const { start } = windowOf(windowSeconds, now);
  const url = env().REDIS_URL;
  return url ? readInRedis(url, redisKey(key, start)) : readInDatabase(key, start);
}

/** Forgets the key's count in the current window. */
export async function clearFixedWindow(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
  const { start } = windowOf(windowSeconds, now);
  const url = env().REDIS_URL;
  await (url ? clearInRedis(url, [redisKey(key, start)]) : clearInDatabase(key));
}
