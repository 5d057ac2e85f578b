// The header a rule's forward carries: the inbound message's id with a MAC under a key derived
// from AUTH_SECRET. A message that comes back carrying a genuine one was forwarded by this
// installation already and is not forwarded again (no loops, even between organizations);
// a sender cannot forge one to switch forwarding off.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/config/secrets";

export const FORWARDED_HEADER = "X-Mailroom-Forwarded";

let key: Buffer | undefined;
const signingKey = () => (key ??= Buffer.from(hkdfSync("sha256", getAuthSecret(), "mailroom", "inbound forward marker v1", 32)));
const mac = (id: string) => createHmac("sha256", signingKey()).update(id).digest().subarray(0, 16);

export function forwardedMarker(inboundMessageId: string): string {
  return `${inboundMessageId}.${mac(inboundMessageId).toString("base64url")}`;
}

export function isGenuineMarker(value: string): boolean {
  const [id, signature, extra] = value.trim().split(".");
  if (!id || !signature || extra !== undefined || id.length > 64) return false;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(id);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
