// Resolves an app's access token presented as a bearer credential: one statement finds the
// token, its live connection, the user's current membership and (with counters in the
// database) counts the request in the connection's rate window, as keys do. The scopes the
// request may use are the token's, narrowed to what the user's role backs right now.
import type { Role } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { DEFAULT_KEY_RATE_LIMIT } from "@/lib/api-keys/key-format";
import type { Window } from "@/lib/rate-limit/fixed-window";
import { narrowToRole } from "@/lib/oauth/scopes";
import { looksLike } from "@/lib/oauth/token-format";
import { log } from "@/lib/log";

const LAST_USED_GRANULARITY_MS = 60_000;

/** The rate-limit counter of a connection: every token of one user's approval of one app shares it. */
export const grantRateKey = (grantId: string) => `oauth:${grantId}`;

interface Row {
  grant_id: string;
  org_id: string;
  user_id: string;
  client_id: string;
  role: Role;
  scopes: string[];
  last_used_at: Date | null;
  request_count: number | null;
}

export interface ActiveAccessToken {
  grantId: string;
  orgId: string;
  userId: string;
  clientId: string;
  role: Role;
  scopes: string[];
  rateLimitPerMinute: number;
  requestCount: number | null;
}

export const looksLikeAccessToken = (token: string) => looksLike("access", token);

export async function findAccessToken(token: string, countIn?: Window): Promise<ActiveAccessToken | null> {
  if (!looksLikeAccessToken(token)) return null;
  const hash = sha256Hex(token);
  const found = Prisma.sql`SELECT g.id AS grant_id, g.org_id, g.user_id, c.client_id, m.role, t.scopes, g.last_used_at
    FROM oauth_tokens t
    JOIN oauth_grants g ON g.id = t.grant_id AND g.revoked_at IS NULL
    JOIN oauth_clients c ON c.id = g.client_id
    JOIN memberships m ON m.org_id = g.org_id AND m.user_id = g.user_id
    WHERE t.hash = ${hash} AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > now()`;
  const rows = countIn
    ? await rawQuery<Row>(
        Prisma.sql`WITH t AS (${found}),
         counted AS (
           INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
           SELECT ${grantRateKey("")}::text || t.grant_id::text, ${BigInt(countIn.start)}::bigint, 1, ${new Date(countIn.reset * 1000)}::timestamptz FROM t
           ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
           RETURNING count)
         SELECT t.grant_id::text, t.org_id::text, t.user_id::text, t.client_id, t.role, t.scopes, t.last_used_at,
           (SELECT count FROM counted) AS request_count
         FROM t`,
        "deferred",
      )
    : await rawQuery<Row>(
        Prisma.sql`SELECT grant_id::text, org_id::text, user_id::text, client_id, role, scopes, last_used_at, NULL::int AS request_count FROM (${found}) t`,
      );
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (!row.last_used_at || now - new Date(row.last_used_at).getTime() > LAST_USED_GRANULARITY_MS) {
    await db()
      .oAuthGrant.update({ where: { id: row.grant_id }, data: { lastUsedAt: new Date(now) } })
      .catch((err) => log.warn("oauth grant lastUsedAt update failed", { err, grantId: row.grant_id }));
  }
  return {
    grantId: row.grant_id,
    orgId: row.org_id,
    userId: row.user_id,
    clientId: row.client_id,
    role: row.role,
    scopes: narrowToRole(row.scopes, row.role).granted,
    rateLimitPerMinute: DEFAULT_KEY_RATE_LIMIT,
    requestCount: row.request_count === null ? null : Number(row.request_count),
  };
}
