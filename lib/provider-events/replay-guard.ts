// One-time tokens of providers that sign a token rather than the body (Mailgun): a verified
// request's token is recorded, and a second request with it is a replay.
import { createHash } from "node:crypto";
import { rawQuery } from "@/lib/db/raw-query";

/** Records a one-time token; false when it was seen before. Kept past the 5-minute freshness window. */
export async function firstUse(providerId: string, token: string): Promise<boolean> {
  const rows = await rawQuery(
    `INSERT INTO replay_guards (key, expires_at) VALUES ($1, now() + interval '15 minutes') ON CONFLICT (key) DO NOTHING RETURNING key`,
    [`provider:${providerId}:${createHash("sha256").update(token).digest("hex")}`],
  );
  return rows.length > 0;
}
