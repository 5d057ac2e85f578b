// A key's own per-minute request allowance (DESIGN.md §4; null: back to the default of 60).
// Keys are looked up on every request without a cache (find-active-key.ts), so the key's
// next request is counted against the new figure.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { recordStaffAudit } from "@/lib/staff/record-staff-audit";
import { staffKeyColumns, staffKeyView } from "@/lib/staff/organization-view";

interface Options {
  keyId: string;
  rateLimitPerMinute: number | null;
  requestId: string;
}

export async function setKeyRateLimit({ keyId, rateLimitPerMinute, requestId }: Options) {
  const key = await db().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ rate_limit_per_minute: number | null }[]>`
      SELECT rate_limit_per_minute FROM api_keys WHERE id = ${keyId}::uuid FOR UPDATE`;
    if (!locked) throw notFound("API key");
    const row = await tx.apiKey.update({ where: { id: keyId }, data: { rateLimitPerMinute }, select: staffKeyColumns });
    await recordStaffAudit(
      {
        orgId: row.orgId,
        action: "staff.key_rate_limit_set",
        requestId,
        targetType: "api_key",
        targetId: row.id,
        metadata: {
          name: row.name,
          prefix: row.prefix,
          changes: { rateLimitPerMinute: { from: locked.rate_limit_per_minute, to: rateLimitPerMinute } },
        },
      },
      tx,
    );
    return row;
  });
  return staffKeyView(key);
}
