// Signs provider event webhooks as each provider does (their docs; the same schemes the unit
// tests in tests/unit/provider-events check), so integration tests can post them over HTTP.
import { createHmac, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A Resend (Svix) signing secret as Resend shows it: whsec_ + base64 key. */
export const newSvixSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

/** Svix headers: HMAC-SHA256 of "id.timestamp.body" with the base64-decoded secret. */
export function svixHeaders(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  const timestamp = String(unixSeconds(at));
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "content-type": "application/json", "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
}

/** A SendGrid key pair; `publicKey` as SendGrid's settings page shows it (base64 DER SPKI). */
export function newSendgridKeys(): { publicKey: string; privateKey: KeyObject } {
  const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { publicKey: pair.publicKey.export({ type: "spki", format: "der" }).toString("base64"), privateKey: pair.privateKey };
}

/** SendGrid's signed-webhook headers: ECDSA P-256 / SHA-256 over timestamp + raw body, DER, base64. */
export function sendgridHeaders(privateKey: KeyObject, body: string, at = new Date()): Record<string, string> {
  const timestamp = String(unixSeconds(at));
  return {
    "content-type": "application/json",
    "x-twilio-email-event-webhook-signature": createSign("sha256")
      .update(timestamp + body)
      .sign(privateKey, "base64"),
    "x-twilio-email-event-webhook-timestamp": timestamp,
  };
}

/** Postmark sends the credentials of the webhook URL as HTTP Basic. */
export function basicAuthHeaders(username: string, password: string): Record<string, string> {
  return { "content-type": "application/json", authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
}

/** Mailgun's JSON webhook body: the signature (hex HMAC-SHA256 of timestamp + token) travels inside it. */
export function mailgunBody(signingKey: string, eventData: unknown, at = new Date()): string {
  const timestamp = String(unixSeconds(at));
  const token = randomBytes(25).toString("hex");
  const signature = createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest("hex");
  return JSON.stringify({ signature: { timestamp, token, signature }, "event-data": eventData });
}
