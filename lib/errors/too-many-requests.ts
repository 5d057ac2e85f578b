// The one way to answer 429 (SPEC: "A 429 comes with a Retry-After header"): every refusal for
// too many requests names how long to wait, computed from the window that refused it (the
// key's minute, a provider's limits, the month's allowance, a throttle's recent windows), in
// whole seconds and at least 1. Refusals that are not AppErrors (hosted pages, OAuth's own
// error shape) take the header from retryAfterHeader.
import { AppError } from "@/lib/errors/app-error";

export type TooManyCode = "RATE_LIMITED" | "NO_PROVIDER_CAPACITY" | "QUOTA_EXCEEDED";

/** The Retry-After header for a wait of `seconds` (a fraction rounds up; never below 1). */
export function retryAfterHeader(seconds: number): { "Retry-After": string } {
  const whole = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
  return { "Retry-After": String(whole) };
}

export function tooManyRequests(code: TooManyCode, message: string, retryAfterSeconds: number): AppError {
  return new AppError(code, message, undefined, retryAfterHeader(retryAfterSeconds));
}
