// Resolves a presented key through its SHA-256 hash (a unique index look-up: no secret is
// ever compared in code). Revocation takes effect at once: nothing is cached.
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { keyRateLimit, looksLikeKey } from "@/lib/api-keys/key-format";
import { log } from "@/lib/log";

const LAST_USED_GRANULARITY_MS = 60_000;

export async function findActiveKey(token: string) {
  if (!looksLikeKey(token)) return null;
  const key = await db().apiKey.findUnique({ where: { hash: sha256Hex(token) } });
  if (!key || key.revokedAt) return null;
  const now = Date.now();
  // lastUsedAt is kept to the minute: one write per key per minute, not per request.
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
    await db()
      .apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } })
      .catch((err) => log.warn("lastUsedAt update failed", { err, keyId: key.id }));
  }
  return { ...key, rateLimitPerMinute: keyRateLimit(key) };
}
