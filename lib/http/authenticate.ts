// Resolves the caller of a request: a bearer API key, or the next-auth session cookie.
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import type { Principal } from "@/lib/auth/principal";
import { findActiveKey } from "@/lib/api-keys/find-active-key";
import { rateKeyOf } from "@/lib/api-keys/rate-key";
import { findAccessToken, grantRateKey, looksLikeAccessToken } from "@/lib/oauth/find-access-token";
import { countersInDatabase, currentWindow, incrementWindow, windowResult, type WindowResult } from "@/lib/rate-limit/fixed-window";
import { memberOfToken } from "@/lib/auth/session-member";
import { getAuthSecret } from "@/lib/config/secrets";

export const INVALID_API_KEY = "Invalid API key";

/** The presented bearer token ("" when malformed), or null when the request carries none.
 * Other schemes (a proxy's Basic auth, say) are not API keys and leave the session in charge. */
export function bearerToken(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (header === null || !/^bearer(\s|$)/i.test(header.trim())) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  return match ? match[1] : "";
}

/** A bearer credential (an API key or an app's OAuth access token): its principal and this
 * request's standing in its rate window (keys and tokens share one limiter). */
export async function authenticateBearer(token: string): Promise<{ principal: Principal; rate: WindowResult }> {
  return looksLikeAccessToken(token) ? authenticateAccessToken(token) : authenticateKey(token);
}

async function authenticateAccessToken(token: string): Promise<{ principal: Principal; rate: WindowResult }> {
  const window = currentWindow(60);
  const found = await findAccessToken(token, countersInDatabase() ? window : undefined);
  if (!found) throw new AppError("INVALID_API_KEY", INVALID_API_KEY);
  const count = found.requestCount ?? (await incrementWindow(grantRateKey(found.grantId), 60, window));
  const { grantId, orgId, userId, clientId, role, scopes, rateLimitPerMinute } = found;
  return {
    principal: { kind: "oauth", grantId, orgId, userId, clientId, role, scopes, rateLimitPerMinute },
    rate: windowResult(rateLimitPerMinute, count, window),
  };
}

/** The key's principal and this request's standing in its rate window. */
export async function authenticateKey(token: string): Promise<{ principal: Principal; rate: WindowResult }> {
  const window = currentWindow(60);
  const key = await findActiveKey(token, countersInDatabase() ? window : undefined);
  if (!key) throw new AppError("INVALID_API_KEY", INVALID_API_KEY);
  const count = key.requestCount ?? (await incrementWindow(rateKeyOf(key.id), 60, window));
  return {
    principal: {
      kind: "key",
      orgId: key.orgId,
      projectId: key.projectId,
      keyId: key.id,
      scopes: key.scopes,
      rateLimitPerMinute: key.rateLimitPerMinute,
      allowBulk: key.allowBulk,
    },
    rate: windowResult(key.rateLimitPerMinute, count, window),
  };
}

/** The signed-in user with their current role, re-read from the database on every request
 * so a removed member, a changed role or a sign-out takes effect at once. */
export async function authenticateSession(req: NextRequest): Promise<Principal | null> {
  const membership = await memberOfToken(await getToken({ req, secret: getAuthSecret() }));
  if (!membership) return null;
  return { kind: "session", orgId: membership.orgId, userId: membership.userId, role: membership.role };
}
