// Fixed-window counters shared by every app instance: in PostgreSQL by default, in Redis
// when REDIS_URL is set. The increment and the read are one atomic statement, so concurrent
// requests can never be over-admitted.
import { env } from "@/lib/env";
import { incrementInDatabase } from "@/lib/rate-limit/database-store";
import { incrementInRedis } from "@/lib/rate-limit/redis-store";

export interface WindowResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfter: number;
}

export async function hitFixedWindow(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<WindowResult> {
  const nowSec = Math.floor(now / 1000);
  const windowStart = nowSec - (nowSec % windowSeconds);
  const reset = windowStart + windowSeconds;
  const count = env().REDIS_URL
    ? await incrementInRedis(env().REDIS_URL!, `rl:${key}:${windowStart}`, windowSeconds)
    : await incrementInDatabase(key, windowStart, reset);
  const allowed = count <= limit;
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    reset,
    retryAfter: allowed ? 0 : Math.max(1, reset - nowSec),
  };
}
