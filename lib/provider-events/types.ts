// The contract for providers' event webhooks (delivery, bounce, open... notifications a
// provider POSTs to us): verify the request is the provider's, then normalize its events.
// Sources are pure: no database, no logging; the route decides what to record.
import type { EmailEventType } from "@/lib/events/event-types";

export type { EmailEventType };

export interface ProviderEvent {
  /** The provider's own id for this event when it gives one (used for de-duplication), else null. */
  providerEventId: string | null;
  /** The provider's id of the message (what its send API returned), used to find our message. */
  providerMessageId: string;
  type: EmailEventType;
  /** Lower-cased address. */
  recipient: string;
  /** When the provider says it happened. */
  occurredAt: Date;
  /** Bounce/drop/deferral reason when given. */
  reason?: string;
  /** Clicked link (email.clicked). */
  url?: string;
  /** For email.bounced when the provider tells. */
  bounceKind?: "hard" | "soft";
}

export interface IncomingWebhook {
  headers: Headers;
  /** The body exactly as received: signatures cover these bytes, not a re-serialization. */
  rawBody: string;
  url: URL;
}

/** Not the provider's request (bad or missing signature, credentials, stale timestamp): 401, record nothing. */
export class WebhookAuthError extends Error {
  override name = "WebhookAuthError";
}

/** Authentic but unreadable body: 400. */
export class WebhookFormatError extends Error {
  override name = "WebhookFormatError";
}

export interface ProviderEventSource<C> {
  /** Verifies authenticity; throws WebhookAuthError. `config` is the provider row's full (decrypted) config. */
  verify(req: IncomingWebhook, config: C, now?: Date): Promise<void>;
  /**
   * For schemes that sign a one-time token but not the body (Mailgun): the token of a verified
   * request, which the route records and refuses to see twice. Absent: replays are harmless.
   */
  replayToken?(req: IncomingWebhook): string | null;
  /**
   * SES through SNS only: the URL to GET to confirm a subscription, for a SubscriptionConfirmation
   * that verify() accepted; null for notifications.
   */
  subscriptionToConfirm?(req: IncomingWebhook): URL | null;
  /** Parses the verified body into zero or more events (unknown event kinds are skipped, not errors). */
  parse(req: IncomingWebhook): ProviderEvent[];
}
