// client.webhooks.verify: checks a delivery's signature as the server makes it
// (lib/webhooks/signing.ts) and answers the parsed event.
//
// Signature: X-Webhook-Signature holds one or more space-separated `v1,<base64>` entries, each an
// HMAC-SHA256 of `${id}.${timestamp}.${rawBody}` keyed with the endpoint secret minus its
// `whsec_` prefix, those characters taken as UTF-8 bytes (not base64-decoded). The Standard
// Webhooks names (webhook-id, webhook-timestamp, webhook-signature) are read too.
import { createHmac, timingSafeEqual } from "node:crypto";
import { CLIENT_CODES, MailroomError } from "./errors.js";

export const SECRET_PREFIX = "whsec_";
/** How far a delivery's timestamp may be from now, in seconds. */
export const TOLERANCE_SECONDS = 300;

/** A Headers object, or Node's IncomingHttpHeaders (names in lower case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** The body of an email.* event (SPEC: no wrapper), or the dashboard's test event. */
export interface WebhookEvent {
  type?: string;
  occurred_at?: string;
  project_id?: string;
  email_id?: string | null;
  campaign_send_id?: string | null;
  recipient?: string;
  send_mode?: "production" | "test";
  url?: string;
  reason?: string;
  [field: string]: unknown;
}

function header(headers: WebhookHeaders, name: string): string | null {
  for (const candidate of [name, `x-${name}`]) {
    const value = headers instanceof Headers ? headers.get(candidate) : (headers[candidate] ?? headers[candidate.toLowerCase()]);
    const first = Array.isArray(value) ? value[0] : value;
    if (first) return first;
  }
  return null;
}

const refuse = (code: string, message: string) => new MailroomError({ message, status: null, code });

export function sign(secret: string, id: string, timestamp: number | string, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "utf8");
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

export interface VerifyOptions {
  /** Seconds of clock difference accepted (default 300). */
  toleranceSeconds?: number;
  /** The current time, for tests (default Date.now()). */
  now?: Date;
}

/**
 * Verifies a delivery and answers its event. Throws a MailroomError (status null; code
 * WEBHOOK_MISSING_HEADERS, WEBHOOK_TIMESTAMP_OUT_OF_RANGE, WEBHOOK_INVALID_SIGNATURE or
 * WEBHOOK_INVALID_BODY) when it does not verify. Pass the raw body exactly as received.
 */
export function verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): WebhookEvent {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw refuse(CLIENT_CODES.webhookHeaders, "The webhook-id, webhook-timestamp and webhook-signature headers are required");
  }
  const seconds = Number(timestamp);
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - seconds) > (options.toleranceSeconds ?? TOLERANCE_SECONDS)) {
    throw refuse(CLIENT_CODES.webhookTimestamp, "The webhook timestamp is too far from now");
  }
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const expected = Buffer.from(sign(secret, id, timestamp, body), "base64");
  const matches = signatures.split(" ").some((entry) => {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw refuse(CLIENT_CODES.webhookSignature, "No webhook signature matches the secret");
  try {
    return JSON.parse(body) as WebhookEvent;
  } catch {
    throw refuse(CLIENT_CODES.webhookBody, "The webhook body is not JSON");
  }
}

export class Webhooks {
  verify(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string, options?: VerifyOptions): WebhookEvent {
    return verify(rawBody, headers, secret, options);
  }
}
