import { db } from "@/lib/db/client";
import { keyRateLimit } from "@/lib/api-keys/key-format";

export async function listApiKeys({ orgId }: { orgId: string }) {
  const keys = await db().apiKey.findMany({ where: { orgId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return keys.map((k) => ({ ...k, rateLimitPerMinute: keyRateLimit(k) }));
}
