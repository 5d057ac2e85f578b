// SendGrid's Event Webhook with signed events. Follows SendGrid's docs pages "Getting Started
// with the Event Webhook Security Features" (ECDSA P-256 over timestamp + raw body, the
// public key shown as base64 DER) and "Event Webhook Reference" (the event fields). The
// signature check is shared with Inbound Parse (inbound.ts).
import { createPublicKey, verify as verifySignature, type KeyObject } from "node:crypto";
import { z } from "zod";
import { eventDate, normalizeRecipient, parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { WebhookAuthError, type EmailEventType, type IncomingWebhook, type ProviderEventSource } from "@/lib/provider-events/types";
import { assertFresh, requireHeader, webhookConfig } from "@/lib/provider-events/verification";
import { publicKeySchema } from "@/lib/providers/sendgrid/fields";

const requiredConfigSchema = z.object({ webhookPublicKey: publicKeySchema });
/** Part of the provider row's config: optional there, as event webhooks are opt-in; verify() refuses without them. */
export type SendGridEventConfig = Partial<z.infer<typeof requiredConfigSchema>>;

// processed is skipped: our own send already recorded email.sent. A Map so that an "event"
// of "constructor" finds nothing.
const EVENT_TYPES = new Map<string, EmailEventType>([
  ["delivered", "email.delivered"],
  ["deferred", "email.deferred"],
  ["dropped", "email.dropped"],
  ["bounce", "email.bounced"],
  ["blocked", "email.bounced"],
  ["open", "email.opened"],
  ["click", "email.clicked"],
  ["spamreport", "email.complained"],
  ["unsubscribe", "email.unsubscribed"],
  ["group_unsubscribe", "email.unsubscribed"],
]);

const FAILURES = new Set<EmailEventType>(["email.deferred", "email.dropped", "email.bounced"]);

// A batch may hold kinds we do not know: only the event name is checked before the lookup.
const batchSchema = z.array(z.looseObject({ event: z.string() }));
const eventSchema = z.object({
  email: z.string().min(1),
  timestamp: z.number(),
  event: z.string(),
  sg_event_id: z.string().optional(),
  sg_message_id: z.string().optional(),
  reason: z.string().optional(),
  response: z.string().optional(),
  url: z.string().optional(),
  type: z.string().optional(),
});

/** The key as SendGrid shows it (base64 DER SubjectPublicKeyInfo); PEM armour pasted along is tolerated. */
function publicKey(value: string): KeyObject {
  const base64 = value.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, "").replace(/\s+/g, "");
  try {
    return createPublicKey({ key: Buffer.from(base64, "base64"), format: "der", type: "spki" });
  } catch {
    throw new WebhookAuthError("SendGrid webhook verification key is not a valid public key");
  }
}

/**
 * SendGrid's request signature, the same for the Event Webhook and Inbound Parse ("Securing
 * your Inbound Parse Webhooks"): ECDSA over the timestamp header followed by the body's bytes.
 */
export function verifySendGridSignature(req: Pick<IncomingWebhook, "headers">, body: Buffer, publicKeyValue: string, now: Date): void {
  const signature = requireHeader(req, "x-twilio-email-event-webhook-signature");
  const timestamp = requireHeader(req, "x-twilio-email-event-webhook-timestamp");
  assertFresh(timestamp, now);
  const key = publicKey(publicKeyValue);
  let valid = false;
  try {
    // The signature is DER-encoded ECDSA, node's default encoding for EC keys.
    valid = verifySignature("sha256", Buffer.concat([Buffer.from(timestamp), body]), key, Buffer.from(signature, "base64"));
  } catch {
    valid = false;
  }
  if (!valid) throw new WebhookAuthError("SendGrid webhook signature does not match");
}

export const sendgridEventSource: ProviderEventSource<SendGridEventConfig> = {
  async verify(req, config, now = new Date()) {
    const { webhookPublicKey } = webhookConfig("SendGrid", requiredConfigSchema, config);
    verifySendGridSignature(req, Buffer.from(req.rawBody), webhookPublicKey, now);
  },

  parse(req) {
    const batch = parseWith(batchSchema, parseJsonBody(req.rawBody), "SendGrid event batch");
    return batch.flatMap((item) => {
      const type = EVENT_TYPES.get(item.event);
      if (!type) return [];
      const event = parseWith(eventSchema, item, `SendGrid ${item.event} event`);
      // Without sg_message_id the event cannot be matched to a message; failing the whole
      // batch would only make SendGrid retry it, so this one event is skipped.
      if (!event.sg_message_id) return [];
      const blocked = event.event === "blocked" || event.type === "blocked";
      return [
        {
          providerEventId: event.sg_event_id ?? null,
          // "<X-Message-Id>.filterdrecv-…": the part before the first dot is what the send API returned.
          providerMessageId: event.sg_message_id.split(".")[0],
          type,
          recipient: normalizeRecipient(event.email),
          occurredAt: eventDate(event.timestamp),
          // deferred events carry the receiving server's answer in `response` (delivered ones too: not a reason).
          reason: FAILURES.has(type) ? (event.reason ?? event.response) : undefined,
          url: type === "email.clicked" ? event.url : undefined,
          // A block is the receiving server refusing for now (reputation, content), not a bad address.
          bounceKind: type === "email.bounced" ? (blocked ? "soft" : "hard") : undefined,
        },
      ];
    });
  },
};
