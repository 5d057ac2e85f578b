// Rolling per-provider limits (SPEC Limits): the last 60 s, 3,600 s and 24 h, counted from
// one usage row per message. Reserving is check-and-count under a lock on the provider row,
// so concurrent sends can never put more on a provider than its limits allow.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";

export const WINDOWS = [
  { field: "rateLimitPerMinute", seconds: 60 },
  { field: "rateLimitPerHour", seconds: 3_600 },
  { field: "rateLimitPerDay", seconds: 86_400 },
] as const;

type Limits = { id: string; rateLimitPerMinute: number | null; rateLimitPerHour: number | null; rateLimitPerDay: number | null };

export type Reservation = { ok: true } | { ok: false; retryAfter: number };

/** Seconds until the window has room again, or 0 when it has room now. The query reads at
 * most `limit` index entries: the limit-th most recent use inside the window, if any. */
async function secondsUntilRoom(tx: Prisma.TransactionClient, providerId: string, limit: number, seconds: number) {
  const rows = await tx.$queryRaw<{ wait: number }[]>`
    SELECT EXTRACT(EPOCH FROM (used_at + make_interval(secs => ${seconds}) - now()))::float8 AS wait
    FROM provider_usage
    WHERE provider_id = ${providerId}::uuid AND used_at > now() - make_interval(secs => ${seconds})
    ORDER BY used_at DESC OFFSET ${limit - 1} LIMIT 1`;
  return rows[0] ? Math.max(1, Math.ceil(Number(rows[0].wait))) : 0;
}

/**
 * `messageId`: the queued message about to be handed to this provider. Its provider_id is set
 * in the same statement as the usage row, so after a crash a queued message tells whether it
 * was ever handed to a provider (then it may have gone out) or not (then it never left).
 */
export async function reserveCapacity(provider: Limits, messageId: string | null = null): Promise<Reservation> {
  return db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM providers WHERE id = ${provider.id}::uuid FOR UPDATE`;
    let wait = 0;
    for (const { field, seconds } of WINDOWS) {
      const limit = provider[field];
      if (limit !== null) wait = Math.max(wait, await secondsUntilRoom(tx, provider.id, limit, seconds));
    }
    if (wait > 0) return { ok: false, retryAfter: wait };
    await tx.$executeRaw`
      WITH handed AS (UPDATE messages SET provider_id = ${provider.id}::uuid WHERE id = ${messageId}::uuid AND status = 'queued')
      INSERT INTO provider_usage (provider_id) VALUES (${provider.id}::uuid)`;
    return { ok: true };
  });
}

export interface UsageCounts {
  usageMinute: number;
  usageHour: number;
  usageDay: number;
}

const ZERO: UsageCounts = { usageMinute: 0, usageHour: 0, usageDay: 0 };

/** Current counts for several providers, in one query. */
export async function usageCounts(providerIds: string[]): Promise<Map<string, UsageCounts>> {
  const out = new Map(providerIds.map((id) => [id, { ...ZERO }]));
  if (providerIds.length === 0) return out;
  const rows = await db().$queryRaw<{ provider_id: string; m: bigint; h: bigint; d: bigint }[]>`
    SELECT provider_id,
      count(*) FILTER (WHERE used_at > now() - interval '60 seconds') AS m,
      count(*) FILTER (WHERE used_at > now() - interval '1 hour') AS h,
      count(*) AS d
    FROM provider_usage
    WHERE provider_id = ANY(${providerIds}::uuid[]) AND used_at > now() - interval '1 day'
    GROUP BY provider_id`;
  for (const r of rows) out.set(r.provider_id, { usageMinute: Number(r.m), usageHour: Number(r.h), usageDay: Number(r.d) });
  return out;
}

/** Usage older than the longest window counts for nothing. */
export async function pruneProviderUsage(): Promise<number> {
  return db().$executeRaw`DELETE FROM provider_usage WHERE used_at < now() - interval '1 day'`;
}
