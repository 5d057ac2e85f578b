// A domain's DKIM key pair: 2048-bit RSA, generated off the event loop. The public half is
// published (base64 SubjectPublicKeyInfo, the p= of the TXT record); the private half is sealed
// with ENCRYPTION_KEY at once and only ever unsealed to sign a message (send-email.ts). It is
// never returned by a route or written to a log.
import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { encryptSecret } from "@/lib/crypto/secret-box";

const generate = promisify(generateKeyPair);

export interface DkimKeyPair {
  selector: string;
  publicKey: string;
  privateKeySealed: string;
}

/**
 * mailroom-<yyyymm>-<4 hex>: says whose key it is and when it was made, and differs for a
 * domain removed and added again, so a stale record of its old key never looks current.
 */
export function newSelector(now = new Date()): string {
  const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `mailroom-${month}-${randomBytes(2).toString("hex")}`;
}

export async function generateDkimKey(now = new Date()): Promise<DkimKeyPair> {
  const { publicKey, privateKey } = await generate("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return { selector: newSelector(now), publicKey: publicKey.toString("base64"), privateKeySealed: encryptSecret(privateKey) };
}
