// Keys look like mr_<43 base64url chars>. The first 12 characters are kept visible.
import { randomToken, sha256Hex } from "@/lib/crypto/tokens";

export const KEY_PREFIX = "mr_";
const KEY_PATTERN = /^mr_[A-Za-z0-9_-]{43}$/;
export const DEFAULT_KEY_RATE_LIMIT = 60;

/** The requests per minute a key is allowed: its own override, else the default. */
export const keyRateLimit = (k: { rateLimitPerMinute: number | null }) => k.rateLimitPerMinute ?? DEFAULT_KEY_RATE_LIMIT;

export function generateKey(): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX + randomToken(32);
  return { key, prefix: key.slice(0, 12), hash: sha256Hex(key) };
}

/** Cheap shape check so junk never reaches the database. */
export function looksLikeKey(token: string): boolean {
  return KEY_PATTERN.test(token);
}
