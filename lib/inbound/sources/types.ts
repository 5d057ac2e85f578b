// The contract for providers' inbound webhooks (a provider receives mail for the customer's
// domain and POSTs it to us): verify the request is the provider's, then turn it into
// InboundEmails. Sources are pure: no database, no logging; the route decides what to record.
import type { InboundEmail } from "@/lib/inbound/inbound-email";

export interface IncomingInbound {
  headers: Headers;
  /** The body's bytes exactly as received (multipart bodies are binary; signatures cover these bytes). */
  rawBody: Buffer;
  url: URL;
}

export interface ProviderInboundSource<C> {
  /** Verifies authenticity; throws WebhookAuthError (lib/provider-events/types). `config` is the provider row's full (decrypted) config. */
  verify(req: IncomingInbound, config: C, now?: Date): Promise<void>;
  /** For schemes that sign a one-time token but not the body (Mailgun): the route refuses a token seen twice. */
  replayToken?(req: IncomingInbound): Promise<string | null>;
  /**
   * SES through SNS only: the SubscribeURL of a verified SubscriptionConfirmation, which the
   * route visits; null for notifications.
   */
  subscriptionToConfirm?(req: IncomingInbound): string | null;
  /** The verified request's messages (one for every format but SES, which may also give none for non-mail notifications). Unreadable: WebhookFormatError. */
  parse(req: IncomingInbound): Promise<InboundEmail[]>;
}
