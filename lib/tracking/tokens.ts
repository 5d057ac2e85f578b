// Tracking tokens: what a pixel or a tracked link stands for (the message, the recipient and,
// for a link, the exact URL), signed (lib/crypto/signed-token.ts). A token that does not
// verify records nothing and redirects nowhere: no forged opens, no open redirect.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

export interface TrackingClaim {
  /** "o": an open pixel; "c": a link. */
  kind: "o" | "c";
  messageId: string;
  recipient: string;
  /** The link's target (kind "c"): the only place a click may go. */
  url?: string;
  /**
   * The tracking host the token was made for (its from-domain's: lib/domains/tracking-host.ts);
   * absent for the instance's own host. A token answers only on its own host or the instance's,
   * so one organization's token never redirects through another's tracking host.
   */
  host?: string;
}

const PURPOSE = "tracking";

export function signTrackingToken(claim: TrackingClaim): string {
  return signToken(PURPOSE, [claim.kind, claim.messageId, claim.recipient, claim.url ?? null, ...(claim.host ? [claim.host] : [])]);
}

/** The claim of a genuine token of the expected kind, else null. */
export function verifyTrackingToken(token: string, kind: TrackingClaim["kind"]): TrackingClaim | null {
  const values = verifyToken(PURPOSE, token);
  if (!values) return null;
  const [k, messageId, recipient, url, host] = values;
  if (k !== kind || typeof messageId !== "string" || typeof recipient !== "string") return null;
  return {
    kind,
    messageId,
    recipient,
    ...(typeof url === "string" && url ? { url } : {}),
    ...(typeof host === "string" && host ? { host } : {}),
  };
}
