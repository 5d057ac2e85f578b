// Resend event webhooks. Resend signs with Svix; follows Resend's docs pages "Verify Webhooks
// Requests" and "Event Types", and Svix's "Verifying Webhooks Manually". Verified with node:crypto
// rather than the standardwebhooks package so that `now` stays injectable (it reads Date.now()).
import { createHmac } from "node:crypto";
import { z } from "zod";
import { safeEqual } from "@/lib/crypto/tokens";
import { eventDate, eventIdFor, normalizeRecipient, parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { WebhookAuthError, type EmailEventType, type ProviderEvent, type ProviderEventSource } from "@/lib/provider-events/types";
import { assertFresh, requireHeader, webhookConfig } from "@/lib/provider-events/verification";
import { webhookSecretSchema } from "@/lib/providers/resend/fields";

const requiredConfigSchema = z.object({ webhookSecret: webhookSecretSchema });
/** Part of the provider row's config: optional there, as event webhooks are opt-in; verify() refuses without them. */
export type ResendEventConfig = Partial<z.infer<typeof requiredConfigSchema>>;

// A Map, not an object literal: a body's "type" of "constructor" must not find anything.
// email.sent is skipped: our own send already recorded it. email.failed (Resend could not
// send at all, e.g. quota reached) is a drop.
const EVENT_TYPES = new Map<string, EmailEventType>([
  ["email.delivered", "email.delivered"],
  ["email.delivery_delayed", "email.deferred"],
  ["email.bounced", "email.bounced"],
  ["email.complained", "email.complained"],
  ["email.opened", "email.opened"],
  ["email.clicked", "email.clicked"],
  ["email.failed", "email.dropped"],
]);

// Only the envelope is checked up front: unknown kinds (contact.*, domain.*) carry other data.
const envelopeSchema = z.object({ type: z.string(), created_at: z.string(), data: z.unknown() });
const emailDataSchema = z.object({
  email_id: z.string().min(1),
  to: z.array(z.string()).min(1),
  bounce: z.object({ message: z.string().optional(), type: z.string().optional() }).optional(),
  click: z.object({ link: z.string() }).optional(),
  failed: z.object({ reason: z.string().optional() }).optional(),
});

function signature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

export const resendEventSource: ProviderEventSource<ResendEventConfig> = {
  async verify(req, config, now = new Date()) {
    const { webhookSecret } = webhookConfig("Resend", requiredConfigSchema, config);
    const id = requireHeader(req, "svix-id");
    const timestamp = requireHeader(req, "svix-timestamp");
    const signatures = requireHeader(req, "svix-signature");
    assertFresh(timestamp, now);
    const expected = signature(webhookSecret, id, timestamp, req.rawBody);
    // Several "v1,<sig>" entries arrive while a secret is being rotated: one match is enough.
    const matched = signatures.split(" ").some((entry) => {
      const [version, candidate] = entry.split(",", 2);
      return version === "v1" && candidate !== undefined && safeEqual(candidate, expected);
    });
    if (!matched) throw new WebhookAuthError("Resend webhook signature does not match");
  },

  parse(req) {
    const envelope = parseWith(envelopeSchema, parseJsonBody(req.rawBody), "Resend event");
    const type = EVENT_TYPES.get(envelope.type);
    if (!type) return [];
    const data = parseWith(emailDataSchema, envelope.data, `Resend ${envelope.type} event`);
    const occurredAt = eventDate(envelope.created_at);
    const bounceType = data.bounce?.type;
    return data.to.map((to): ProviderEvent => {
      const recipient = normalizeRecipient(to);
      return {
        // Svix keeps the svix-id across retries of one event: the de-duplication key.
        providerEventId: eventIdFor(req.headers.get("svix-id"), recipient, data.to.length),
        providerMessageId: data.email_id,
        type,
        recipient,
        occurredAt,
        reason: data.bounce?.message ?? data.failed?.reason,
        url: data.click?.link,
        // Resend relays SES's bounce types: Permanent, Transient, Undetermined (kind unknown).
        bounceKind:
          type !== "email.bounced" ? undefined : bounceType === "Permanent" ? "hard" : bounceType === "Transient" ? "soft" : undefined,
      };
    });
  },
};
