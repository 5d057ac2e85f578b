// Per-key request rate (SPEC Limits; DESIGN.md §4): fixed 60-second windows, 60 by default,
// a per-key override; headers on every key response, 429 with Retry-After past the limit.
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import type { WindowResult } from "@/lib/rate-limit/fixed-window";

export function applyKeyRate(r: WindowResult, headers: Record<string, string>): void {
  Object.assign(headers, {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.reset),
  });
  if (!r.allowed) {
    throw tooManyRequests("RATE_LIMITED", `Rate limit of ${r.limit} requests per minute exceeded`, r.retryAfter);
  }
}
