// Every JSON-RPC request counts once in the credential's per-minute limit, as a v1 request
// does. Authentication counted the HTTP request; a 2025-era batch (up to 100 messages in one
// POST, run side by side) has its other requests counted here, before any of them runs, so a
// batch never buys more tool calls than the limit allows.
import { rateKeyOf } from "@/lib/api-keys/rate-key";
import { applyKeyRate } from "@/lib/http/rate-limit-key";
import type { Principal } from "@/lib/auth/principal";
import { grantRateKey } from "@/lib/oauth/find-access-token";
import { currentWindow, incrementWindow, windowResult } from "@/lib/rate-limit/fixed-window";

/** Counts `extra` more requests for the caller; refreshes the rate-limit headers, throws RATE_LIMITED past the limit. */
export async function countExtraRequests(principal: Principal, extra: number, headers: Record<string, string>): Promise<void> {
  if (extra <= 0 || principal.kind === "session") return;
  const key = principal.kind === "key" ? rateKeyOf(principal.keyId) : grantRateKey(principal.grantId);
  const window = currentWindow(60);
  const count = await incrementWindow(key, 60, window, extra);
  applyKeyRate(windowResult(principal.rateLimitPerMinute, count, window), headers);
}
