// Tracking tokens: what a pixel or a tracked link stands for (the message, the recipient and,
// for a link, the exact URL), signed with a key derived from AUTH_SECRET. A token that does
// not verify records nothing and redirects nowhere: no forged opens, no open redirect.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/config/secrets";

export interface TrackingClaim {
  /** "o": an open pixel; "c": a link. */
  kind: "o" | "c";
  messageId: string;
  recipient: string;
  /** The link's target (kind "c"): the only place a click may go. */
  url?: string;
}

let key: Buffer | undefined;
const signingKey = () => (key ??= Buffer.from(hkdfSync("sha256", getAuthSecret(), "mailroom", "tracking tokens v1", 32)));

const mac = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest().subarray(0, 16);

export function signTrackingToken(claim: TrackingClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.kind, claim.messageId, claim.recipient, claim.url ?? null])).toString("base64url");
  return `${payload}.${mac(payload).toString("base64url")}`;
}

/** The claim of a genuine token of the expected kind, else null. */
export function verifyTrackingToken(token: string, kind: TrackingClaim["kind"]): TrackingClaim | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 8_192) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [k, messageId, recipient, url] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [string, string, string, string | null];
    if (k !== kind || typeof messageId !== "string" || typeof recipient !== "string") return null;
    return { kind, messageId, recipient, ...(url ? { url } : {}) };
  } catch {
    return null;
  }
}
