// The organization's registered apps (admins), and each user's connected apps.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { revokeGrantIn } from "@/lib/oauth/revoke";

/** The answer leaves through appSchema (app/api/oauth-apps). */
export async function listApps(orgId: string) {
  const rows = await db().oAuthClient.findMany({
    where: { orgId },
    orderBy: { createdAt: "desc" },
    include: { _count: { select: { grants: { where: { revokedAt: null } } } } },
  });
  return rows.map((c) => ({
    id: c.id,
    clientId: c.clientId,
    name: c.name,
    redirectUris: c.redirectUris,
    scopes: c.scopes,
    confidential: c.secretHash !== null,
    clientUri: c.clientUri,
    connections: c._count.grants,
    createdAt: c.createdAt,
  }));
}

/** Deleting an app ends every connection to it (its grants and tokens go with it). */
export async function deleteApp({ orgId, userId, id }: { orgId: string; userId: string; id: string }) {
  await db().$transaction(async (tx) => {
    const app = await tx.oAuthClient.findFirst({ where: { id, orgId } });
    if (!app) throw notFound("App");
    await tx.oAuthClient.delete({ where: { id } });
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: userId,
        action: "oauth_app.deleted",
        targetType: "oauth_client",
        targetId: id,
        metadata: { name: app.name, clientId: app.clientId },
      },
      tx,
    );
  });
}

/** The answer leaves through connectedAppSchema (app/api/connected-apps). */
export async function listConnectedApps({ orgId, userId }: { orgId: string; userId: string }) {
  const grants = await db().oAuthGrant.findMany({
    where: { orgId, userId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    include: { client: { select: { clientId: true, name: true, clientUri: true } } },
  });
  return grants.map((g) => ({ id: g.id, app: g.client, scopes: g.scopes, connectedAt: g.createdAt, lastUsedAt: g.lastUsedAt }));
}

/** A user disconnects an app: its tokens stop working at once. */
export async function revokeConnectedApp({ orgId, userId, id }: { orgId: string; userId: string; id: string }) {
  await db().$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.findFirst({
      where: { id, orgId, userId, revokedAt: null },
      include: { client: { select: { name: true, clientId: true } } },
    });
    if (!grant) throw notFound("Connected app");
    await revokeGrantIn(tx, grant.id);
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: userId,
        action: "oauth_app.revoked",
        targetType: "oauth_grant",
        targetId: grant.id,
        metadata: { app: grant.client.name, clientId: grant.client.clientId },
      },
      tx,
    );
  });
}
