// Ending an app's access: one token family (a reused refresh token or code), or a whole
// connection (the user revokes the app, or leaves the organization).
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { sha256Hex } from "@/lib/crypto/tokens";
import type { Prisma } from "@/lib/generated/prisma/client";

interface GrantRef {
  id: string;
  orgId: string;
  userId: string;
}

/** Takes the grant's row lock: issuing tokens (model.ts saveToken) takes it too, so a token
 * is never issued into a family or grant being revoked. */
async function lockGrant(tx: Prisma.TransactionClient, grantId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM oauth_grants WHERE id = ${grantId}::uuid FOR UPDATE`;
}

/** Revokes every token of a family; a reuse is recorded (it means a token leaked or a client misbehaved).
 * The family's authorization code (its id is the family's) is deleted with it: a code exchange
 * still in flight finds it gone and issues nothing (model.ts saveToken), whichever use of a
 * code raced ahead. */
export async function revokeFamily(
  familyId: string,
  grant: GrantRef,
  action: "oauth_app.refresh_reuse" | "oauth_app.code_reuse",
): Promise<void> {
  await db().$transaction(async (tx) => {
    await lockGrant(tx, grant.id);
    const { count } = await tx.oAuthToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
    await tx.oAuthCode.deleteMany({ where: { id: familyId } });
    await recordAudit(
      {
        orgId: grant.orgId,
        actorType: "system",
        actorId: "oauth",
        action,
        targetType: "oauth_grant",
        targetId: grant.id,
        outcome: "revoked",
        metadata: { userId: grant.userId, tokensRevoked: count },
      },
      tx,
    );
  });
}

/** Revokes a connection and every code and token issued under it, in the caller's transaction.
 * Codes not yet exchanged are deleted (presenting one later is an unknown code, not a reuse). */
export async function revokeGrantIn(tx: Prisma.TransactionClient, grantId: string): Promise<void> {
  const now = new Date();
  await tx.oAuthGrant.update({ where: { id: grantId }, data: { revokedAt: now } });
  await tx.oAuthToken.updateMany({ where: { grantId, revokedAt: null }, data: { revokedAt: now } });
  await tx.oAuthCode.deleteMany({ where: { grantId, usedAt: null } });
}

/** RFC 7009: a client revokes an access or refresh token it holds; the whole family goes. */
export async function revokeClientToken(clientRowId: string, token: string): Promise<void> {
  const row = await db().oAuthToken.findUnique({ where: { hash: sha256Hex(token) }, include: { grant: { select: { clientId: true } } } });
  if (!row || row.grant.clientId !== clientRowId) return;
  await db().$transaction(async (tx) => {
    await lockGrant(tx, row.grantId);
    await tx.oAuthToken.updateMany({ where: { familyId: row.familyId, revokedAt: null }, data: { revokedAt: new Date() } });
  });
}
