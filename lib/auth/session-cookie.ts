// The next-auth session cookie, re-issued by the server when the session's organization
// changes (the organization switch). Same name, options and lifetime as next-auth's own
// (lib/auth/options.ts): secure cookies when the app's URL is https.
import { cookies } from "next/headers";
import { encode, type JWT } from "next-auth/jwt";
import { authOptions, ensureAuthUrl } from "@/lib/auth/options";
import { getAuthSecret } from "@/lib/config/secrets";

const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;

function sessionCookie() {
  ensureAuthUrl();
  const secure = process.env.NEXTAUTH_URL?.startsWith("https://") ?? false;
  return { name: `${secure ? "__Secure-" : ""}next-auth.session-token`, secure };
}

/** Replaces the session cookie of this response with `token` (freshly issued and encrypted). */
export async function setSessionToken(token: JWT): Promise<void> {
  const maxAge = authOptions().session?.maxAge ?? DEFAULT_MAX_AGE;
  const value = await encode({ token, secret: getAuthSecret(), maxAge });
  const { name, secure } = sessionCookie();
  (await cookies()).set(name, value, { httpOnly: true, sameSite: "lax", path: "/", secure, expires: new Date(Date.now() + maxAge * 1000) });
}
