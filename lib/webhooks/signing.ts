// Endpoint secrets and delivery signatures (SPEC Events: signature headers; DESIGN.md §4).
// The secret is "whsec_" + 32 random bytes in base64; the HMAC key is what follows the
// prefix, as UTF-8 bytes taken literally (so `new Webhook(secret.slice(6), { format: "raw" })`
// of the standardwebhooks package verifies it). Secrets are sealed at rest: signing needs them.
import { createHmac, randomBytes } from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";

export const SECRET_PREFIX = "whsec_";
/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export function newWebhookSecret(): { secret: string; sealed: string } {
  const secret = SECRET_PREFIX + randomBytes(32).toString("base64");
  return { secret, sealed: encryptSecret(secret) };
}

interface SealedSecrets {
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets a delivery is signed with now: the current one, then the previous one within its overlap. */
export function activeSecrets(e: SealedSecrets, now = new Date()): string[] {
  const secrets = [decryptSecret(e.secretSealed)];
  if (e.previousSecretSealed && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now) {
    secrets.push(decryptSecret(e.previousSecretSealed));
  }
  return secrets;
}

/** X-Webhook-Signature: `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, one per secret, space-separated. */
export function signatureHeader(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map(
      (s) =>
        "v1," +
        createHmac("sha256", Buffer.from(s.slice(SECRET_PREFIX.length), "utf8"))
          .update(`${id}.${timestamp}.${body}`)
          .digest("base64"),
    )
    .join(" ");
}
