import { db } from "@/lib/db/client";
import { DEFAULT_KEY_RATE_LIMIT } from "@/lib/api-keys/key-format";

export async function listApiKeys({ orgId }: { orgId: string }) {
  const keys = await db().apiKey.findMany({ where: { orgId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return keys.map((k) => ({ ...k, rateLimitPerMinute: k.rateLimitPerMinute ?? DEFAULT_KEY_RATE_LIMIT }));
}
