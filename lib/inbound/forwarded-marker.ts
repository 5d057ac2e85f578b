// The header a rule's forward carries: the inbound message's id, signed (lib/crypto/signed-token).
// A message that comes back carrying a genuine one was forwarded by this installation already
// and is not forwarded again (no loops, even between organizations); a sender cannot forge
// one to switch forwarding off.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

export const FORWARDED_HEADER = "X-Mailroom-Forwarded";
const PURPOSE = "inbound forward marker";

export function forwardedMarker(inboundMessageId: string): string {
  return signToken(PURPOSE, [inboundMessageId]);
}

export function isGenuineMarker(value: string): boolean {
  const values = verifyToken(PURPOSE, value.trim());
  return values !== null && typeof values[0] === "string";
}
