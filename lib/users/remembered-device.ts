// A browser that has signed in to an account before carries a signed cookie naming that account
// and a random device id (lib/crypto/signed-token.ts, its own purpose). Its sign-ins are counted
// per device instead of against the account's limit over all addresses, so guesses sprayed from
// many addresses lock out strangers, never the account's holder on a browser they used before
// (sign-in-throttle.ts). A stolen cookie gives no more guesses than one address has: 10 per
// device in the window.
import { randomBytes } from "node:crypto";
import { signToken, verifyToken } from "@/lib/crypto/signed-token";
import { env } from "@/lib/env";

const PURPOSE = "remembered-device";
export const DEVICE_COOKIE = "mailroom.device";
const MAX_AGE_SECONDS = 180 * 86_400;

const account = (email: string) => email.trim().toLowerCase();

/** The device id the request's cookie header proves for this account, else null. */
export function rememberedDevice(cookieHeader: string | undefined | null, email: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
    const values = verifyToken(PURPOSE, decodeURIComponent(part.slice(eq + 1).trim()));
    if (!values || values.length !== 3) continue;
    const [owner, device, expires] = values;
    if (owner === account(email) && typeof device === "string" && typeof expires === "number" && expires > Date.now()) return device;
  }
  return null;
}

/** The cookie a successful sign-in leaves (a new device id, or the one already proven). */
export function deviceCookie(email: string, device: string | null) {
  const id = device ?? randomBytes(16).toString("base64url");
  const value = signToken(PURPOSE, [account(email), id, Date.now() + MAX_AGE_SECONDS * 1000]);
  return {
    name: DEVICE_COOKIE,
    value,
    options: {
      httpOnly: true,
      sameSite: "lax" as const,
      secure: env().APP_URL.startsWith("https:"),
      path: "/api/auth",
      maxAge: MAX_AGE_SECONDS,
    },
  };
}
