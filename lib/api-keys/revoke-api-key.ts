import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";

/** Revokes a key of the organization; it answers 401 from the next request on. */
export async function revokeApiKey({ orgId, keyId, userId }: { orgId: string; keyId: string; userId: string }) {
  return db().$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id: keyId, orgId } });
    if (!key) throw notFound("API key");
    if (key.revokedAt) return { revoked: true };
    await tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await recordAudit(
      {
        orgId,
        projectId: key.projectId,
        actorType: "user",
        actorId: userId,
        action: "api_key.revoked",
        targetType: "api_key",
        targetId: key.id,
        metadata: { name: key.name, prefix: key.prefix },
      },
      tx,
    );
    return { revoked: true };
  });
}
