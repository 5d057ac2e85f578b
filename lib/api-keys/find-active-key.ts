// Resolves a presented key through its SHA-256 hash (a unique index look-up: no secret is
// ever compared in code). Revocation takes effect at once: nothing is cached. With counters
// in the database, the look-up also counts the request against the key's rate window in the
// same statement (one round trip on the hot path instead of two).
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { keyRateLimit, looksLikeKey } from "@/lib/api-keys/key-format";
import { rateKeyOf } from "@/lib/api-keys/rate-key";
import type { Window } from "@/lib/rate-limit/fixed-window";
import { log } from "@/lib/log";

const LAST_USED_GRANULARITY_MS = 60_000;

interface KeyRow {
  id: string;
  org_id: string;
  project_id: string | null;
  scopes: string[];
  rate_limit_per_minute: number | null;
  allow_bulk: boolean;
  last_used_at: Date | null;
  request_count: number | null;
}

export interface ActiveKey {
  id: string;
  orgId: string;
  projectId: string | null;
  scopes: string[];
  rateLimitPerMinute: number;
  allowBulk: boolean;
  /** This request's count in the rate window, when `countIn` was given. */
  requestCount: number | null;
}

export async function findActiveKey(token: string, countIn?: Window): Promise<ActiveKey | null> {
  if (!looksLikeKey(token)) return null;
  const hash = sha256Hex(token);
  const rows = countIn
    ? await rawQuery<KeyRow>(
        Prisma.sql`WITH k AS (
           SELECT id, org_id, project_id, scopes, rate_limit_per_minute, allow_bulk, last_used_at
           FROM api_keys WHERE hash = ${hash} AND revoked_at IS NULL),
         counted AS (
           INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
           SELECT ${rateKeyOf("")}::text || k.id::text, ${BigInt(countIn.start)}::bigint, 1, ${new Date(countIn.reset * 1000)}::timestamptz FROM k
           ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
           RETURNING count)
         SELECT k.id::text, k.org_id::text, k.project_id::text, k.scopes, k.rate_limit_per_minute, k.allow_bulk, k.last_used_at,
           (SELECT count FROM counted) AS request_count
         FROM k`,
        "deferred",
      )
    : await rawQuery<KeyRow>(
        Prisma.sql`SELECT id::text, org_id::text, project_id::text, scopes, rate_limit_per_minute, allow_bulk, last_used_at, NULL::int AS request_count
         FROM api_keys WHERE hash = ${hash} AND revoked_at IS NULL`,
      );
  const key = rows[0];
  if (!key) return null;
  const now = Date.now();
  // lastUsedAt is kept to the minute: one write per key per minute, not per request.
  if (!key.last_used_at || now - new Date(key.last_used_at).getTime() > LAST_USED_GRANULARITY_MS) {
    await db()
      .apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } })
      .catch((err) => log.warn("lastUsedAt update failed", { err, keyId: key.id }));
  }
  return {
    id: key.id,
    orgId: key.org_id,
    projectId: key.project_id,
    scopes: key.scopes,
    rateLimitPerMinute: keyRateLimit({ rateLimitPerMinute: key.rate_limit_per_minute === null ? null : Number(key.rate_limit_per_minute) }),
    allowBulk: key.allow_bulk,
    requestCount: key.request_count === null ? null : Number(key.request_count),
  };
}
