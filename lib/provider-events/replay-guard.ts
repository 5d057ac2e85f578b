// One-time tokens of providers that sign a token rather than the body (Mailgun): a verified
// request's token is recorded, and a second request with it is a replay. A request that fails
// after its token was recorded gives the token back, so the provider's retry is not mistaken
// for a replay and the events or mail it carries are not lost.
import { createHash } from "node:crypto";
import { rawQuery } from "@/lib/db/raw-query";
import { Prisma } from "@/lib/generated/prisma/client";
import { WebhookAuthError } from "@/lib/provider-events/types";

const keyOf = (providerId: string, token: string) => `provider:${providerId}:${createHash("sha256").update(token).digest("hex")}`;

/** Runs `work` once per token (kept past the 5-minute freshness window); a token seen before is a WebhookAuthError. */
export async function oncePerToken<T>(providerId: string, token: string | null | undefined, work: () => Promise<T>): Promise<T> {
  if (!token) return work();
  const key = keyOf(providerId, token);
  const rows = await rawQuery(
    Prisma.sql`INSERT INTO replay_guards (key, expires_at) VALUES (${key}, now() + interval '15 minutes') ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  if (rows.length === 0) throw new WebhookAuthError("This webhook request was already received (a replay)");
  try {
    return await work();
  } catch (err) {
    await rawQuery(Prisma.sql`DELETE FROM replay_guards WHERE key = ${key}`).catch(() => undefined);
    throw err;
  }
}
