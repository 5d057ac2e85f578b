// Every mail the instance sends itself (links to confirm a sender, join, reset a password) carries
// a signed header naming its recipient. Should it come back to this instance's own inbound
// (the recipient's domain has its MX here), it is recorded only for an organization that verified
// that domain: an inbound domain needs no proof, so whoever added one could otherwise read the
// link. A sender cannot forge the header (the signature is under AUTH_SECRET), and copying a real
// one onto other mail only keeps that mail out of unverified inboxes.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

export const INSTANCE_MAIL_HEADER = "X-Mailroom-Instance-Mail";
const PURPOSE = "instance mail marker";

export const instanceMailMarker = (to: string): string => signToken(PURPOSE, [to.toLowerCase()]);

/** Whether the headers (names lower-cased, as parsed) hold a genuine marker. */
export function isInstanceMail(headers: { name: string; value: string }[]): boolean {
  const wanted = INSTANCE_MAIL_HEADER.toLowerCase();
  return headers.some((h) => h.name === wanted && verifyToken(PURPOSE, h.value.trim()) !== null);
}
