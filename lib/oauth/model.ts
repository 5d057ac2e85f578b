// The storage model @node-oauth/oauth2-server runs the protocol against: clients, codes and
// tokens in PostgreSQL, every secret as a SHA-256 hash. Scopes are narrowed to the user's
// role at approval, at the code exchange and at every refresh; a user who is no longer a
// member gets invalid_grant; a rotated refresh token presented again revokes its family.
import { randomUUID } from "node:crypto";
import OAuth2Server from "@node-oauth/oauth2-server";
import { db } from "@/lib/db/client";
import { sha256Hex, safeEqual } from "@/lib/crypto/tokens";
import { recordAudit } from "@/lib/audit/record-audit";
import type { Role } from "@/lib/auth/permissions";
import { narrowToRole } from "@/lib/oauth/scopes";
import { newToken } from "@/lib/oauth/token-format";
import { revokeFamily } from "@/lib/oauth/revoke";
import { clientView, findClient, type OAuthClientRecord } from "@/lib/oauth/client-record";

const { InvalidGrantError, InvalidScopeError, InvalidRequestError, UnauthorizedClientError } = OAuth2Server;

/** The approving user, carried through the library: their organization and current role, and
 * (once there is one) the grant and the token family the tokens belong to. */
export interface OAuthUser {
  id: string;
  orgId: string;
  role: Role;
  grantId?: string;
  familyId?: string;
}

async function currentRole(orgId: string, userId: string): Promise<Role | null> {
  const m = await db().membership.findUnique({ where: { orgId_userId: { orgId, userId } }, select: { role: true } });
  return (m?.role as Role | undefined) ?? null;
}

/** Scopes the request may have: within the client's registration, then within the role. */
function validateScope(user: OAuthUser, client: OAuthClientRecord, scope: string[] | undefined): string[] | false {
  const requested = (scope?.length ? scope : client.scopes).filter((s) => client.scopes.includes(s));
  const { granted } = narrowToRole(requested, user.role);
  return granted.length ? granted : false;
}

const shared = {
  validateScope: async (user: OAuthUser, client: OAuthClientRecord, scope?: string[]) => validateScope(user, client, scope),
  generateAuthorizationCode: async () => newToken("code"),
  generateAccessToken: async () => newToken("access"),
  generateRefreshToken: async () => newToken("refresh"),
};

/** The authorization endpoint's model: the client is identified, never authenticated, there
 * (the secret is proved at the token endpoint). */
export const authorizeModel = {
  ...shared,
  async getClient(clientId: string) {
    const client = await findClient(clientId);
    return client ? clientView(client) : null;
  },

  async saveAuthorizationCode(
    code: {
      authorizationCode: string;
      expiresAt: Date;
      redirectUri: string;
      scope?: string[];
      codeChallenge?: string;
      codeChallengeMethod?: string;
    },
    client: OAuthClientRecord,
    user: OAuthUser,
  ) {
    if (!code.codeChallenge || code.codeChallengeMethod !== "S256") {
      throw new InvalidRequestError("Invalid request: PKCE is required: send `code_challenge` with `code_challenge_method=S256`");
    }
    // The consent screen refuses this already; the grant is never written whatever the caller.
    if (client.orgId && client.orgId !== user.orgId) {
      throw new UnauthorizedClientError("Unauthorized client: this app is registered to another organization");
    }
    const scopes = code.scope ?? [];
    await db().$transaction(async (tx) => {
      const grant = await tx.oAuthGrant.upsert({
        where: { clientId_orgId_userId: { clientId: client.id, orgId: user.orgId, userId: user.id } },
        create: { clientId: client.id, orgId: user.orgId, userId: user.id, scopes },
        update: { scopes, revokedAt: null },
      });
      await tx.oAuthCode.create({
        data: {
          codeHash: sha256Hex(code.authorizationCode),
          grantId: grant.id,
          redirectUri: code.redirectUri,
          codeChallenge: code.codeChallenge!,
          scopes,
          expiresAt: code.expiresAt,
        },
      });
      await recordAudit(
        {
          orgId: user.orgId,
          actorType: "user",
          actorId: user.id,
          action: "oauth_app.approved",
          targetType: "oauth_grant",
          targetId: grant.id,
          metadata: { app: client.name, clientId: client.clientId, scopes },
        },
        tx,
      );
    });
    return { ...code, scope: scopes, client, user };
  },
};

/** The token endpoint's model: a confidential client proves its secret; a public one must not send one. */
export const tokenModel = {
  ...shared,
  async getClient(clientId: string, clientSecret?: string | null) {
    const client = await findClient(clientId);
    if (!client) return null;
    if (client.secretHash === null) return clientSecret ? null : clientView(client);
    if (!clientSecret || !safeEqual(sha256Hex(clientSecret), client.secretHash)) return null;
    return clientView(client);
  },

  async getAuthorizationCode(authorizationCode: string) {
    const code = await db().oAuthCode.findUnique({
      where: { codeHash: sha256Hex(authorizationCode) },
      include: { grant: { include: { client: true } } },
    });
    if (!code || code.grant.revokedAt) return null;
    if (code.usedAt) {
      // A code used twice: the tokens issued from it are revoked (RFC 6749 §4.1.2).
      await revokeFamily(code.id, code.grant, "oauth_app.code_reuse");
      return null;
    }
    const role = await currentRole(code.grant.orgId, code.grant.userId);
    if (!role) return null;
    return {
      authorizationCode,
      expiresAt: code.expiresAt,
      redirectUri: code.redirectUri,
      scope: code.scopes,
      codeChallenge: code.codeChallenge,
      codeChallengeMethod: "S256",
      client: { id: code.grant.clientId },
      // The family of the tokens this code starts is the code's own id, so a second use finds them.
      user: { id: code.grant.userId, orgId: code.grant.orgId, role, grantId: code.grantId, familyId: code.id } satisfies OAuthUser,
    };
  },

  /** Spends the code. Losing a race to another use of the same code is a reuse too: the
   * family is revoked, and the winner's exchange, if it has not saved its tokens yet, saves none. */
  async revokeAuthorizationCode(code: { authorizationCode: string; user: OAuthUser }) {
    const { count } = await db().oAuthCode.updateMany({
      where: { codeHash: sha256Hex(code.authorizationCode), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count === 1) return true;
    const { user } = code;
    await revokeFamily(user.familyId!, { id: user.grantId!, orgId: user.orgId, userId: user.id }, "oauth_app.code_reuse");
    return false;
  },

  async saveToken(
    token: {
      accessToken: string;
      accessTokenExpiresAt: Date;
      refreshToken: string;
      refreshTokenExpiresAt: Date;
      scope?: string[];
      authorizationCode?: string;
    },
    client: OAuthClientRecord,
    user: OAuthUser,
  ) {
    const scopes = token.scope ?? [];
    const common = { grantId: user.grantId!, familyId: user.familyId ?? randomUUID(), scopes };
    await db().$transaction(async (tx) => {
      // The grant's row lock orders this against a revocation of the grant or of the family
      // (revoke.ts takes it first too): tokens are never added to a family already revoked.
      const { count } = await tx.oAuthGrant.updateMany({
        where: { id: common.grantId, revokedAt: null },
        data: { lastUsedAt: new Date() },
      });
      const revoked = await tx.oAuthToken.count({ where: { familyId: common.familyId, revokedAt: { not: null } } });
      // A code exchange: a reuse of the code revokes its family by deleting the code, which may
      // have happened before this family had a token to mark.
      const codeGone = token.authorizationCode !== undefined && (await tx.oAuthCode.count({ where: { id: common.familyId } })) === 0;
      if (count !== 1 || revoked > 0 || codeGone) throw new InvalidGrantError("Invalid grant: this authorization was revoked");
      await tx.oAuthToken.createMany({
        data: [
          { ...common, kind: "access", hash: sha256Hex(token.accessToken), expiresAt: token.accessTokenExpiresAt },
          { ...common, kind: "refresh", hash: sha256Hex(token.refreshToken), expiresAt: token.refreshTokenExpiresAt },
        ],
      });
    });
    return { ...token, scope: scopes, client, user };
  },

  async getRefreshToken(refreshToken: string) {
    const row = await db().oAuthToken.findUnique({ where: { hash: sha256Hex(refreshToken) }, include: { grant: true } });
    if (!row || row.kind !== "refresh" || row.revokedAt || row.grant.revokedAt) return null;
    if (row.usedAt) {
      await revokeFamily(row.familyId, row.grant, "oauth_app.refresh_reuse");
      return null;
    }
    const role = await currentRole(row.grant.orgId, row.grant.userId);
    if (!role) return null;
    // The new pair carries only what the role allows now.
    const { granted } = narrowToRole(row.scopes, role);
    if (!granted.length) throw new InvalidScopeError("Invalid scope: the user's role no longer allows any of this app's scopes");
    return {
      refreshToken,
      refreshTokenExpiresAt: row.expiresAt,
      scope: granted,
      client: { id: row.grant.clientId },
      user: { id: row.grant.userId, orgId: row.grant.orgId, role, grantId: row.grantId, familyId: row.familyId } satisfies OAuthUser,
    };
  },

  /** Rotation: the presented refresh token is spent. Losing a race to another use of the same
   * token is a reuse too. */
  async revokeToken(token: { refreshToken: string; user: OAuthUser }) {
    const { count } = await db().oAuthToken.updateMany({
      where: { hash: sha256Hex(token.refreshToken), kind: "refresh", usedAt: null, revokedAt: null },
      data: { usedAt: new Date() },
    });
    if (count === 1) return true;
    const grant = await db().oAuthGrant.findUnique({ where: { id: token.user.grantId! } });
    if (grant) await revokeFamily(token.user.familyId!, grant, "oauth_app.refresh_reuse");
    return false;
  },
};
