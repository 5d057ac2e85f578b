// Resolves the caller of a request: a bearer API key, or the next-auth session cookie.
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";
import { findActiveKey } from "@/lib/api-keys/find-active-key";
import { findMembership } from "@/lib/members/find-membership";
import { getAuthSecret } from "@/lib/config/secrets";

export const INVALID_API_KEY = "Invalid API key";

/** The bearer token, or null when there is no Authorization header. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : "";
}

export async function authenticateKey(token: string): Promise<Principal> {
  const key = await findActiveKey(token);
  if (!key) throw new AppError("INVALID_API_KEY", INVALID_API_KEY);
  return {
    kind: "key",
    orgId: key.orgId,
    projectId: key.projectId,
    keyId: key.id,
    scopes: key.scopes,
    rateLimitPerMinute: key.rateLimitPerMinute,
    allowBulk: key.allowBulk,
  };
}

/** The signed-in user with their current role, re-read from the database on every request
 * so a removed member or a changed role takes effect at once. */
export async function authenticateSession(req: NextRequest): Promise<Principal | null> {
  const token = await getToken({ req, secret: getAuthSecret() });
  if (!token?.uid || !token.orgId) return null;
  const membership = await findMembership({ orgId: token.orgId, userId: token.uid });
  if (!membership) return null;
  return { kind: "session", orgId: membership.orgId, userId: membership.userId, role: membership.role };
}
