// DESIGN.md §4: attempt 1 at once; attempts 2-6 after about base x 1, 2, 4, 8, 16 seconds
// (base WEBHOOK_RETRY_BASE_SECONDS, default 10) with +-20% jitter. A Retry-After on 429/503
// is honoured when it asks for longer, capped at one hour.
export const MAX_ATTEMPTS = 6;
const RETRY_AFTER_CAP_MS = 3_600_000;

/** Milliseconds to wait after failed attempt `attempt` (1-based), or null when it was the last. */
export function retryDelayMs(
  attempt: number,
  baseSeconds: number,
  retryAfterMs: number | null = null,
  random = Math.random,
): number | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const scheduled = Math.round(baseSeconds * 1000 * 2 ** (attempt - 1) * (0.8 + random() * 0.4));
  return retryAfterMs !== null ? Math.max(scheduled, Math.min(retryAfterMs, RETRY_AFTER_CAP_MS)) : scheduled;
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds, or null. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
