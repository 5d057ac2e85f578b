// Every mail the instance sends itself (links to confirm a sender, join, reset a password) carries
// a signed header naming its recipient. Should it come back to this instance's own inbound
// (the recipient's domain has its MX here), it is recorded only for an organization that verified
// that domain: an inbound domain needs no proof, so whoever added one could otherwise read the
// link. A sender cannot forge the header (the signature is under AUTH_SECRET), and a real one
// copied onto other mail counts only for mail to the address it names.
import { signToken, verifyToken } from "@/lib/crypto/signed-token";

export const INSTANCE_MAIL_HEADER = "X-Mailroom-Instance-Mail";
const PURPOSE = "instance mail marker";

export const instanceMailMarker = (to: string): string => signToken(PURPOSE, [to.toLowerCase()]);

/** Whether the headers (names lower-cased, as parsed) hold a genuine marker naming one of these recipients. */
export function isInstanceMail(headers: { name: string; value: string }[], recipients: string[]): boolean {
  const wanted = INSTANCE_MAIL_HEADER.toLowerCase();
  const to = new Set(recipients.map((r) => r.toLowerCase()));
  return headers.some((h) => {
    if (h.name !== wanted) return false;
    const values = verifyToken(PURPOSE, h.value.replace(/\s+/g, ""));
    return values !== null && typeof values[0] === "string" && to.has(values[0]);
  });
}
