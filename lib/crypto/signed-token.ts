// Tokens the product hands out in mail and links (tracking, unsubscribe) and checks when they
// come back: a JSON array, base64url, and a MAC under a key derived from AUTH_SECRET for that
// one purpose (a token of one purpose never verifies as another). Forged or altered: null.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "@/lib/crypto/derived-key";

const MAX_TOKEN = 8_192;

const mac = (purpose: string, payload: string) =>
  createHmac("sha256", derivedKey(`${purpose} tokens v1`))
    .update(payload)
    .digest()
    .subarray(0, 16);

/** The MAC of `payload` under this purpose's key (16 bytes), for a token that must take another
 * form than signToken's: a return path's lower-case local part (lib/bounces/verp-address.ts). */
export const macOf = (purpose: string, payload: string): Buffer => mac(purpose, payload);

export function signToken(purpose: string, values: unknown[]): string {
  const payload = Buffer.from(JSON.stringify(values)).toString("base64url");
  return `${payload}.${mac(purpose, payload).toString("base64url")}`;
}

/** The values of a genuine token of this purpose, else null. */
export function verifyToken(purpose: string, token: string): unknown[] | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > MAX_TOKEN) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(purpose, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
}
