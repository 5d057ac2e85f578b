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
  return {
    allowed,
    limit,
    remaining: Math.max(0, limit - count),
    reset: w.reset,
    retryAfter: allowed ? 0 : Math.max(1, w.reset - w.nowSec),
  };
}

/** True when counters live in the database (so a caller may count inside its own statement). */
export const countersInDatabase = () => !env().REDIS_URL;

const redisKey = (key: string, start: number) => `rl:${key}:${start}`;

/** Adds `by` (one unless told) to the key's counter in the window and returns the new count. */
export async function incrementWindow(key: string, windowSeconds: number, w: Window, by = 1): Promise<number> {
  const url = env().REDIS_URL;
  // A counter is kept one window past its end: peekRecentWindows reads the previous window.
  return url
    ? incrementInRedis(url, redisKey(key, w.start), 2 * windowSeconds, by)
    : incrementInDatabase(key, w.start, w.reset + windowSeconds, by);
}

/** Counts one hit and says whether it is within the limit. */
export async function hitFixedWindow(key: string, limit: number, windowSeconds = 60, now = Date.now()): Promise<WindowResult> {
  const w = currentWindow(windowSeconds, now);
  return windowResult(limit, await incrementWindow(key, windowSeconds, w), w);
}

const readWindow = (key: string, start: number) => {
  const url = env().REDIS_URL;
  return url ? readInRedis(url, redisKey(key, start)) : readInDatabase(key, start);
};

/**
 * Hits counted in the current and the previous window, without counting: every hit of the
 * last `windowSeconds` is in it, so a burst that straddles a window boundary is not split
 * in two (a lockout of "N failures in the window" holds whenever the N fell).
 */
export async function peekRecentWindows(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const { start } = currentWindow(windowSeconds, now);
  const counts = await Promise.all([readWindow(key, start), readWindow(key, start - windowSeconds)]);
  return counts[0] + counts[1];
}

/**
 * Counts one attempt, then answers how many the current and the previous window hold with it.
 * The count comes first and is one atomic increment, so each of a concurrent burst gets its
 * own number: no more than the limit are ever let through (a peek, then a count after the
 * attempt, lets the whole burst through before any of it is counted).
 */
export async function countRecentAttempt(key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const w = currentWindow(windowSeconds, now);
  const [current, previous] = await Promise.all([incrementWindow(key, windowSeconds, w), readWindow(key, w.start - windowSeconds)]);
  return current + previous;
}

/**
 * Seconds until countRecentAttempt would admit the key's next attempt again (`limit`: the most
 * it admits). At the current window's end its count becomes the previous window's: an attempt
 * is admitted then if it fits beside that count, else one window later, when none of it is left.
 */
export async function recentRetryAfter(key: string, windowSeconds: number, limit: number, now = Date.now()): Promise<number> {
  const w = currentWindow(windowSeconds, now);
  const current = await readWindow(key, w.start);
  const at = current + 1 <= limit ? w.reset : w.reset + windowSeconds;
  return Math.max(1, Math.ceil(at - now / 1000));
}

/** Takes back an attempt countRecentAttempt counted (it turned out not to be one that counts). */
export async function refundRecentAttempt(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
  await incrementWindow(key, windowSeconds, currentWindow(windowSeconds, now), -1);
}

/** Forgets the key's counts in the current and the previous window. */
export async function clearRecentWindows(key: string, windowSeconds: number, now = Date.now()): Promise<void> {
  const { start } = currentWindow(windowSeconds, now);
  const url = env().REDIS_URL;
  await (url ? clearInRedis(url, [redisKey(key, start), redisKey(key, start - windowSeconds)]) : clearInDatabase(key));
}
