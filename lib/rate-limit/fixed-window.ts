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

export interface Window {
  nowSec: number;
  start: number;
  reset: number;
}

export function currentWindow(windowSeconds: number, now = Date.now()): Window {
  const nowSec = Math.floor(now / 1000);
  const start = nowSec - (nowSec % windowSeconds);
  return { nowSec, start, reset: start + windowSeconds };
}

/** What a count means against a limit. */
export function windowResult(limit: number, count: number, w: Window): WindowResult {
  const allowed = count <= limit;
  return { allowed, limit, remaining: Math.max(0, limit - count), reset: w.reset, retryAfter: allowed ? 0 : Math.max(1, w.reset - w.nowSec) };
}

/** True when counters live in the database (so a caller may count inside its own statement). */
export const countersInDatabase = () => !env().REDIS_URL;

const redisKey = (key: string, start: number) => `rl:${key}:${start}`;

/** Adds `by` (one unless told) to the key's counter in the window and returns the new count. */
export async function incrementWindow(key: string, windowSeconds: number, w: Window, by = 1): Promise<number> {
  const url = env().REDIS_URL;
  return url ? incrementInRedis(url, redisKey(key, w.start), windowSeconds, by) : incrementInDatabase(key, w.start, w.reset, by);
}

/** Counts one hit and says whether it is within the limit. */
export async function hitFixedWindow(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<WindowResult> {
  const w = currentWindow(windowSeconds, now);
  return windowResult(limit, await incrementWindow(key, windowSeconds, w), w);
}

/** The current window's count, without counting. */
export async function peekFixedWindow(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const { start } = currentWindow(windowSeconds, now);
  const url = env().REDIS_URL;
  return url ? readInRedis(url, redisKey(key, start)) : readInDatabase(key, start);
}

/** Forgets the key's count in the current window. */
export async function clearFixedWindow(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
  const { start } = currentWindow(windowSeconds, now);
  const url = env().REDIS_URL;
  await (url ? clearInRedis(url, [redisKey(key, start)]) : clearInDatabase(key));
}
