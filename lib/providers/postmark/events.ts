// Postmark webhooks. Postmark does not sign them: it recommends HTTP Basic credentials in the
// webhook URL (docs page "Webhooks overview", "Protecting your webhook"). Payloads follow the
// pages "Delivery webhook", "Bounce webhook", "Spam complaint webhook", "Open tracking
// webhook", "Click webhook" and "Subscription change webhook". The credentials check is
// shared with the inbound webhook (inbound.ts).
import { z } from "zod";
import { safeEqual } from "@/lib/crypto/tokens";
import { eventDate, normalizeRecipient, parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { WebhookAuthError, type IncomingWebhook, type ProviderEvent, type ProviderEventSource } from "@/lib/provider-events/types";
import { requireHeader, webhookConfig } from "@/lib/provider-events/verification";
import { webhookPasswordSchema, webhookUsernameSchema } from "@/lib/providers/postmark/fields";

const requiredConfigSchema = z.object({ webhookUsername: webhookUsernameSchema, webhookPassword: webhookPasswordSchema });
/** Part of the provider row's config: optional there, as event webhooks are opt-in; verify() refuses without them. */
export type PostmarkEventConfig = Partial<z.infer<typeof requiredConfigSchema>>;

const recordSchema = z.looseObject({ RecordType: z.string() });
const tracked = { MessageID: z.string().min(1), Recipient: z.string().min(1), ReceivedAt: z.string() };
const deliverySchema = z.object({ MessageID: z.string().min(1), Recipient: z.string().min(1), DeliveredAt: z.string() });
const bounceSchema = z.object({
  // An int64: JSON.parse would round one beyond 2^53, but Postmark's ids are far below that.
  ID: z.number(),
  MessageID: z.string().min(1),
  Type: z.string(),
  Email: z.string().min(1),
  BouncedAt: z.string(),
  Description: z.string().nullish(),
  Details: z.string().nullish(),
});
const openSchema = z.object(tracked);
const clickSchema = z.object({ ...tracked, OriginalLink: z.string() });
const subscriptionSchema = z.object({
  // A suppression added by hand or through the API concerns no message.
  MessageID: z.string().nullish(),
  Recipient: z.string().min(1),
  ChangedAt: z.string(),
  SuppressSending: z.boolean(),
  SuppressionReason: z.string().nullish(),
});

// The bounce webhook also reports mail that is no delivery failure at all: auto-replies,
// address-change notices, challenge/verification mails and the like.
const NOT_FAILURES = new Set([
  "AutoResponder",
  "AddressChange",
  "Subscribe",
  "Unsubscribe",
  "OpenRelayTest",
  "ChallengeVerification",
  "SpamNotification",
]);
const HARD_BOUNCES = new Set(["HardBounce", "BadEmailAddress"]);
const SOFT_BOUNCES = new Set(["SoftBounce", "Transient", "DnsError", "Blocked"]);

function toEvent(record: z.infer<typeof recordSchema>): ProviderEvent | null {
  switch (record.RecordType) {
    case "Delivery": {
      const e = parseWith(deliverySchema, record, "Postmark Delivery");
      return {
        providerEventId: null,
        providerMessageId: e.MessageID,
        type: "email.delivered",
        recipient: normalizeRecipient(e.Recipient),
        occurredAt: eventDate(e.DeliveredAt),
      };
    }
    case "Bounce":
    case "SpamComplaint": {
      const e = parseWith(bounceSchema, record, `Postmark ${record.RecordType}`);
      const common = {
        providerEventId: String(e.ID),
        providerMessageId: e.MessageID,
        recipient: normalizeRecipient(e.Email),
        occurredAt: eventDate(e.BouncedAt),
      };
      if (record.RecordType === "SpamComplaint") return { ...common, type: "email.complained" };
      if (NOT_FAILURES.has(e.Type)) return null;
      const bounceKind = HARD_BOUNCES.has(e.Type) ? "hard" : SOFT_BOUNCES.has(e.Type) ? "soft" : undefined;
      // Details holds the receiving server's answer; Description is Postmark's generic text.
      return { ...common, type: "email.bounced", reason: e.Details || e.Description || e.Type, bounceKind };
    }
    case "Open": {
      const e = parseWith(openSchema, record, "Postmark Open");
      return {
        providerEventId: null,
        providerMessageId: e.MessageID,
        type: "email.opened",
        recipient: normalizeRecipient(e.Recipient),
        occurredAt: eventDate(e.ReceivedAt),
      };
    }
    case "Click": {
      const e = parseWith(clickSchema, record, "Postmark Click");
      return {
        providerEventId: null,
        providerMessageId: e.MessageID,
        type: "email.clicked",
        recipient: normalizeRecipient(e.Recipient),
        occurredAt: eventDate(e.ReceivedAt),
        url: e.OriginalLink,
      };
    }
    case "SubscriptionChange": {
      const e = parseWith(subscriptionSchema, record, "Postmark SubscriptionChange");
      // Suppressions for a hard bounce or a complaint arrive as their own Bounce/SpamComplaint
      // events; only a manual suppression (the recipient's unsubscribe link) is an unsubscribe.
      const manual = !e.SuppressionReason || e.SuppressionReason === "ManualSuppression";
      if (!e.SuppressSending || !manual || !e.MessageID) return null;
      return {
        providerEventId: null,
        providerMessageId: e.MessageID,
        type: "email.unsubscribed",
        recipient: normalizeRecipient(e.Recipient),
        occurredAt: eventDate(e.ChangedAt),
      };
    }
    default:
      return null;
  }
}

function credentials(req: Pick<IncomingWebhook, "headers">): { username: string; password: string } {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(requireHeader(req, "authorization"));
  const decoded = match ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  if (colon < 0) throw new WebhookAuthError("Postmark webhook needs HTTP Basic credentials");
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The HTTP Basic credentials Postmark sends to every webhook, event or inbound, against the configured ones. */
export function verifyPostmarkCredentials(req: Pick<IncomingWebhook, "headers">, config: unknown): void {
  const expected = webhookConfig("Postmark", requiredConfigSchema, config);
  const given = credentials(req);
  // Both compared, in constant time (safeEqual hashes first), before either result is used.
  const userMatches = safeEqual(given.username, expected.webhookUsername);
  const passwordMatches = safeEqual(given.password, expected.webhookPassword);
  if (!(userMatches && passwordMatches)) throw new WebhookAuthError("Postmark webhook credentials do not match");
}

export const postmarkEventSource: ProviderEventSource<PostmarkEventConfig> = {
  async verify(req, config) {
    verifyPostmarkCredentials(req, config);
  },

  parse(req) {
    const event = toEvent(parseWith(recordSchema, parseJsonBody(req.rawBody), "Postmark webhook"));
    return event ? [event] : [];
  },
};
