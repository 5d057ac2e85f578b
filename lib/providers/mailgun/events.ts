// Mailgun webhooks (the JSON kind). Follows Mailgun's docs pages "Securing Webhooks"
// (HMAC-SHA256 of timestamp + token with the HTTP webhook signing key, hex) and "Webhooks" /
// "Events" (the event-data fields). Mailgun's legacy form-encoded webhooks are not accepted.
// The signature check is shared with Routes forwards (inbound.ts).
import { createHmac } from "node:crypto";
import { z } from "zod";
import { safeEqual } from "@/lib/crypto/tokens";
import { bareMessageId, eventDate, normalizeRecipient, parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import {
  WebhookAuthError,
  WebhookFormatError,
  type EmailEventType,
  type ProviderEvent,
  type ProviderEventSource,
} from "@/lib/provider-events/types";
import { assertFresh, webhookConfig } from "@/lib/provider-events/verification";
import { signingKeySchema } from "@/lib/providers/mailgun/fields";

const requiredConfigSchema = z.object({ webhookSigningKey: signingKeySchema });
/** Part of the provider row's config: optional there, as event webhooks are opt-in; verify() refuses without them. */
export type MailgunEventConfig = Partial<z.infer<typeof requiredConfigSchema>>;

// accepted is skipped: our own send already recorded email.sent. failed is decided by severity.
const EVENT_TYPES = new Map<string, EmailEventType>([
  ["delivered", "email.delivered"],
  ["opened", "email.opened"],
  ["clicked", "email.clicked"],
  ["complained", "email.complained"],
  ["unsubscribed", "email.unsubscribed"],
]);

export const signatureSchema = z.object({ timestamp: z.string(), token: z.string().min(1), signature: z.string() });
export type MailgunSignature = z.infer<typeof signatureSchema>;
const envelopeSchema = z.object({ "event-data": z.looseObject({ event: z.string() }) });
const eventSchema = z.object({
  id: z.string().min(1),
  event: z.string(),
  timestamp: z.number(),
  recipient: z.string().min(1),
  severity: z.string().optional(),
  reason: z.string().optional(),
  url: z.string().optional(),
  "delivery-status": z.object({ message: z.string().optional(), description: z.string().optional() }).optional(),
  message: z.object({ headers: z.object({ "message-id": z.string().min(1) }) }),
});
type MailgunEvent = z.infer<typeof eventSchema>;

function typeOf(event: MailgunEvent): EmailEventType | undefined {
  if (event.event !== "failed") return EVENT_TYPES.get(event.event);
  if (event.severity === "temporary") return "email.deferred";
  if (event.severity !== "permanent") return undefined;
  // reason "suppress-bounce" / "suppress-unsubscribe" / "suppress-complaint": Mailgun did not
  // even try, because the address is on a suppression list. That is a drop, not a new bounce.
  return event.reason?.startsWith("suppress-") ? "email.dropped" : "email.bounced";
}

/**
 * Mailgun's signature, the same for webhooks and Routes forwards: hex HMAC-SHA256 of timestamp
 * + token. It covers the token, not the content, so callers refuse a token seen twice.
 */
export function verifyMailgunSignature(signed: MailgunSignature, config: unknown, now: Date): void {
  const { webhookSigningKey } = webhookConfig("Mailgun", requiredConfigSchema, config);
  assertFresh(signed.timestamp, now);
  const expected = createHmac("sha256", webhookSigningKey)
    .update(signed.timestamp + signed.token)
    .digest("hex");
  if (!safeEqual(signed.signature.toLowerCase(), expected)) throw new WebhookAuthError("Mailgun webhook signature does not match");
}

export const mailgunEventSource: ProviderEventSource<MailgunEventConfig> = {
  replayToken(req) {
    const body = parseJsonBody(req.rawBody) as { signature?: { token?: unknown } };
    return typeof body.signature?.token === "string" ? body.signature.token : null;
  },

  async verify(req, config, now = new Date()) {
    // The signature travels inside the body: an unreadable body cannot be authenticated.
    let signed: MailgunSignature;
    try {
      signed = parseWith(z.object({ signature: signatureSchema }), parseJsonBody(req.rawBody), "Mailgun webhook").signature;
    } catch (err) {
      if (err instanceof WebhookFormatError) throw new WebhookAuthError(`Mailgun webhook signature missing: ${err.message}`);
      throw err;
    }
    // The route refuses a token seen before: replayToken above.
    verifyMailgunSignature(signed, config, now);
  },

  parse(req) {
    const { "event-data": data } = parseWith(envelopeSchema, parseJsonBody(req.rawBody), "Mailgun webhook");
    if (!EVENT_TYPES.has(data.event) && data.event !== "failed") return [];
    const event = parseWith(eventSchema, data, `Mailgun ${data.event} event`);
    const type = typeOf(event);
    if (!type) return [];
    const status = event["delivery-status"];
    const result: ProviderEvent = {
      providerEventId: event.id,
      providerMessageId: bareMessageId(event.message.headers["message-id"]),
      type,
      recipient: normalizeRecipient(event.recipient),
      occurredAt: eventDate(event.timestamp),
    };
    // The receiving server's answer when there was one, else Mailgun's own explanation.
    if (event.event === "failed") result.reason = status?.message || status?.description || event.reason;
    if (type === "email.bounced") result.bounceKind = "hard";
    if (type === "email.clicked") result.url = event.url;
    return [result];
  },
};
