// Per-key request rate (SPEC Limits; DESIGN.md §4): fixed 60-second windows, 60 by default,
// a per-key override; headers on every key response, 429 with Retry-After past the limit.
import { AppError } from "@/lib/http/errors";
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";

export async function rateLimitKey(keyId: string, limit: number): Promise<Record<string, string>> {
  const r = await hitFixedWindow(`key:${keyId}`, limit);
  const headers = {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.reset),
  };
  if (!r.allowed) {
    throw new AppError("RATE_LIMITED", `Rate limit of ${limit} requests per minute exceeded`, undefined, {
      ...headers,
      "Retry-After": String(r.retryAfter),
    });
  }
  return headers;
}
