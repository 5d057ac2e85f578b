// What an unsubscribe link stands for: one recipient of one sent message, signed
// (lib/crypto/signed-token.ts), so nobody can unsubscribe an address they did not receive at.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

export interface UnsubscribeClaim {
  messageId: string;
  recipient: string;
}

const PURPOSE = "unsubscribe";

export function signUnsubscribeToken(claim: UnsubscribeClaim): string {
  return signToken(PURPOSE, [claim.messageId, claim.recipient]);
}

export function verifyUnsubscribeToken(token: string): UnsubscribeClaim | null {
  const values = verifyToken(PURPOSE, token);
  if (!values) return null;
  const [messageId, recipient] = values;
  return typeof messageId === "string" && typeof recipient === "string" ? { messageId, recipient } : null;
}

/** RFC 8058 one-click unsubscribe headers for this recipient of this message. */
export function listUnsubscribeHeaders(baseUrl: string, claim: UnsubscribeClaim): Record<string, string> {
  const url = `${baseUrl.replace(/\/$/, "")}/u/${signUnsubscribeToken(claim)}`;
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}
