// Amazon SNS message signatures, as AWS documents them in the SNS Developer Guide page
// "Verifying the signatures of Amazon SNS messages": a canonical "Key\nValue\n" string of
// fixed fields, RSA-signed (SHA1 for SignatureVersion 1, SHA256 for 2) with the certificate
// at SigningCertURL. Trust comes from fetching that certificate over HTTPS from an SNS host.
import { verify as verifySignature, X509Certificate } from "node:crypto";
import { z } from "zod";
import { WebhookAuthError } from "@/lib/provider-events/types";

/** SNS endpoints, incl. China regions (amazonaws.com.cn). */
export const SNS_HOST_PATTERN = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

export const snsMessageSchema = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: z.string().min(1),
  TopicArn: z.string().min(1),
  Message: z.string(),
  Timestamp: z.string(),
  SignatureVersion: z.string(),
  Signature: z.string().min(1),
  SigningCertURL: z.string(),
  Subject: z.string().nullish(),
  SubscribeURL: z.string().optional(),
  Token: z.string().optional(),
});
export type SnsMessage = z.infer<typeof snsMessageSchema>;

// The fields each message type signs, in this (byte-wise sorted) order.
const NOTIFICATION_FIELDS = ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] as const;
const CONFIRMATION_FIELDS = ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"] as const;
const ALGORITHMS = new Map([
  ["1", "sha1"],
  ["2", "sha256"],
]);

/** An https URL on an SNS host (no port, no credentials), else null: what we fetch or confirm. */
export function snsUrl(value: string | undefined, hostPattern: RegExp): URL | null {
  if (!value || !URL.canParse(value)) return null;
  const url = new URL(value);
  const plain = url.protocol === "https:" && url.port === "" && !url.username && !url.password;
  return plain && hostPattern.test(url.hostname) ? url : null;
}

export function stringToSign(message: SnsMessage): string {
  const fields = message.Type === "Notification" ? NOTIFICATION_FIELDS : CONFIRMATION_FIELDS;
  let result = "";
  for (const field of fields) {
    const value = message[field];
    // Only Subject may be absent (a notification published without one); it is then left out.
    if (value === undefined || value === null) {
      if (field === "Subject") continue;
      throw new WebhookAuthError(`SNS ${message.Type} without ${field}`);
    }
    result += `${field}\n${value}\n`;
  }
  return result;
}

export interface SnsVerifyOptions {
  fetchCertificate: (url: URL) => Promise<string>;
  hostPattern: RegExp;
}

export async function verifySnsSignature(message: SnsMessage, { fetchCertificate, hostPattern }: SnsVerifyOptions): Promise<void> {
  const algorithm = ALGORITHMS.get(message.SignatureVersion);
  if (!algorithm) throw new WebhookAuthError(`Unsupported SNS SignatureVersion ${message.SignatureVersion}`);
  // Checked before any fetch: the URL comes from the unauthenticated body, and an attacker's
  // own certificate must never be fetched, let alone trusted.
  const certUrl = snsUrl(message.SigningCertURL, hostPattern);
  if (!certUrl || !certUrl.pathname.endsWith(".pem")) throw new WebhookAuthError("SNS SigningCertURL is not an Amazon SNS certificate URL");
  const data = Buffer.from(stringToSign(message));
  // A failed download is not the sender's fault: it propagates as a plain error (a 5xx), so
  // SNS retries later instead of the event being refused for good.
  const pem = await fetchCertificate(certUrl);
  let valid = false;
  try {
    valid = verifySignature(algorithm, data, new X509Certificate(pem).publicKey, Buffer.from(message.Signature, "base64"));
  } catch {
    valid = false;
  }
  if (!valid) throw new WebhookAuthError("SNS message signature does not match");
}
