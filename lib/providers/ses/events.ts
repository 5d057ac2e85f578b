// Amazon SES events, delivered through an Amazon SNS topic. Verification: sns.ts.
// Payloads follow the SES Developer Guide pages "Contents of event data that Amazon SES
// publishes to Amazon SNS" (event publishing, `eventType`) and "Amazon SNS notification
// contents for Amazon SES" (the older identity notifications, `notificationType`).
import { z } from "zod";
import { eventDate, eventIdFor, normalizeRecipient, parseJsonBody, parseWith } from "@/lib/provider-events/event-body";
import { createSesSnsVerifier, readSnsMessage, type SesSnsConfig, type SesSnsOptions } from "@/lib/providers/ses/sns";
import { WebhookFormatError, type IncomingWebhook, type ProviderEvent, type ProviderEventSource } from "@/lib/provider-events/types";

export type SesEventConfig = SesSnsConfig;

const recipientSchema = z.object({ emailAddress: z.string().min(1), diagnosticCode: z.string().optional() });
const sesEventSchema = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  mail: z.object({ messageId: z.string().min(1), timestamp: z.string(), destination: z.array(z.string()) }),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(recipientSchema),
      timestamp: z.string(),
    })
    .optional(),
  complaint: z.object({ complainedRecipients: z.array(recipientSchema), timestamp: z.string() }).optional(),
  delivery: z.object({ recipients: z.array(z.string()), timestamp: z.string() }).optional(),
  open: z.object({ timestamp: z.string() }).optional(),
  click: z.object({ link: z.string(), timestamp: z.string() }).optional(),
  deliveryDelay: z
    .object({ delayType: z.string().optional(), delayedRecipients: z.array(recipientSchema), timestamp: z.string() })
    .optional(),
  reject: z.object({ reason: z.string().optional() }).optional(),
});
type SesEvent = z.infer<typeof sesEventSchema>;
type Occurrence = Omit<ProviderEvent, "providerEventId" | "providerMessageId" | "occurredAt"> & { at: string };

function details<T>(value: T | undefined, kind: string): T {
  if (value === undefined) throw new WebhookFormatError(`SES ${kind} event without its details`);
  return value;
}

// Send is skipped (our own send recorded email.sent); so are kinds we do not track
// (Rendering Failure, Subscription). Open, Click and Reject name no recipient: each
// destination gets one, as Resend does for its per-message events.
function occurrences(kind: string, e: SesEvent): Occurrence[] {
  const everyone = (o: Omit<Occurrence, "recipient">) => e.mail.destination.map((recipient) => ({ ...o, recipient }));
  switch (kind) {
    case "Delivery": {
      const d = details(e.delivery, kind);
      return d.recipients.map((recipient) => ({ type: "email.delivered", recipient, at: d.timestamp }));
    }
    case "Bounce": {
      const b = details(e.bounce, kind);
      // SES reports a bounce once it has given up on the message. Transient means the cause may
      // pass (mailbox full...): a soft bounce, not a deferral; delays still being retried arrive
      // as DeliveryDelay instead.
      const bounceKind = b.bounceType === "Permanent" ? "hard" : b.bounceType === "Transient" ? "soft" : undefined;
      return b.bouncedRecipients.map((r) => ({
        type: "email.bounced",
        recipient: r.emailAddress,
        at: b.timestamp,
        reason: r.diagnosticCode ?? b.bounceSubType,
        bounceKind,
      }));
    }
    case "Complaint": {
      const c = details(e.complaint, kind);
      return c.complainedRecipients.map((r) => ({ type: "email.complained", recipient: r.emailAddress, at: c.timestamp }));
    }
    case "DeliveryDelay": {
      const d = details(e.deliveryDelay, kind);
      return d.delayedRecipients.map((r) => ({
        type: "email.deferred",
        recipient: r.emailAddress,
        at: d.timestamp,
        reason: r.diagnosticCode ?? d.delayType,
      }));
    }
    case "Open":
      return everyone({ type: "email.opened", at: details(e.open, kind).timestamp });
    case "Click": {
      const c = details(e.click, kind);
      return everyone({ type: "email.clicked", at: c.timestamp, url: c.link });
    }
    case "Reject":
      return everyone({ type: "email.dropped", at: e.mail.timestamp, reason: e.reject?.reason });
    default:
      return [];
  }
}

/** SES's source always has subscriptionToConfirm (optional for other providers). */
export interface SesEventSource extends ProviderEventSource<SesEventConfig> {
  subscriptionToConfirm(req: IncomingWebhook): URL | null;
}

export function createSesEventSource(options: SesSnsOptions): SesEventSource {
  const sns = createSesSnsVerifier(options);
  return {
    verify: (req, config) => sns.verify(req.rawBody, config),

    parse(req) {
      const message = readSnsMessage(req.rawBody);
      if (message.Type !== "Notification") return [];
      const event = parseWith(sesEventSchema, parseJsonBody(message.Message), "SES event");
      const kind = event.eventType ?? event.notificationType;
      if (!kind) throw new WebhookFormatError("SES event without eventType or notificationType");
      const found = occurrences(kind, event);
      return found.map(({ at, ...o }) => {
        const recipient = normalizeRecipient(o.recipient);
        return {
          ...o,
          recipient,
          providerEventId: eventIdFor(message.MessageId, recipient, found.length),
          providerMessageId: event.mail.messageId,
          occurredAt: eventDate(at),
        };
      });
    },

    subscriptionToConfirm: (req) => sns.subscriptionToConfirm(req.rawBody),
  };
}
