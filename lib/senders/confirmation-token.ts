// The link in a sender confirmation email: signed for this one purpose (a token of another
// purpose never verifies here), bound to the sender's id and address, and valid for
// CONFIRMATION_TTL_MS. Deleting the sender, or a token for another address, ends it.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

const PURPOSE = "sender-confirm";
export const CONFIRMATION_TTL_MS = 72 * 3_600_000;

export interface ConfirmationClaim {
  senderId: string;
  email: string;
  expiresAt: Date;
}

export function signConfirmationToken(claim: ConfirmationClaim): string {
  return signToken(PURPOSE, [claim.senderId, claim.email, claim.expiresAt.getTime()]);
}

/** The claim of a genuine, unexpired token; null otherwise. */
export function verifyConfirmationToken(token: string, now = Date.now()): ConfirmationClaim | null {
  const values = verifyToken(PURPOSE, token);
  if (!values) return null;
  const [senderId, email, expires] = values;
  if (typeof senderId !== "string" || typeof email !== "string" || typeof expires !== "number" || expires <= now) return null;
  return { senderId, email, expiresAt: new Date(expires) };
}

export const confirmationUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, "")}/senders/confirm/${token}`;
