// Resolves the caller of a request: a bearer API key, or the next-auth session cookie.
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/http/errors";
import type { Principal } from "@/lib/http/principal";
import { findActiveKey } from "@/lib/api-keys/find-active-key";
import { rateKeyOf } from "@/lib/api-keys/rate-key";
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
