// The contract every provider adapter implements: validate its config, send one message,
// test the connection. Adapters know nothing of organizations, limits or failover.
import type { z } from "zod";

export const PROVIDER_TYPES = ["resend", "smtp", "ses", "sendgrid", "postmark", "mailgun", "demo"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export interface Address {
  email: string;
  name?: string;
}

export interface OutgoingAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** For inline images referenced as cid: in html. */
  contentId?: string;
}

/** An iCalendar invitation: sent as a text/calendar part with this METHOD. */
export interface CalendarInvite {
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  content: string;
}

/** One email, already validated and normalized by the send pipeline. */
export interface OutgoingMessage {
  /** RFC 5322 Message-ID with angle brackets, e.g. <0b9c…@mailroom.local>. Adapters set it where the provider allows. */
  messageId: string;
  from: Address;
  to: Address[];
  cc: Address[];
  /** Delivered to, never shown in headers. */
  bcc: Address[];
  replyTo?: Address;
  subject: string;
  html?: string;
  text?: string;
  /** Extra headers, already checked (no CR/LF, none of From/To/Cc/Bcc/Subject/Message-ID/DKIM-Signature...). */
  headers: Record<string, string>;
  attachments: OutgoingAttachment[];
  calendar?: CalendarInvite;
  /** The from-domain's DKIM key, when it is a verified sending domain: adapters that write the MIME themselves (SMTP) sign with it. */
  dkim?: DkimKey;
}

export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM (PKCS#8) private key. */
  privateKey: string;
}

export interface SendResult {
  /** The provider's id for the message (used to match its delivery events later). */
  providerMessageId: string;
}

export interface TestResult {
  message: string;
}

export interface ProviderCapabilities {
  attachments: boolean;
  customHeaders: boolean;
  scheduling: boolean;
  tracking: boolean;
  inbound: boolean;
  batch: boolean;
  maxMessageBytes: number;
}

/** A provider's refusal or failure. `retryable` false: the message itself was refused (do not fail over). */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's HTTP status, for HTTP APIs. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ProviderAdapter<C = unknown> {
  type: ProviderType;
  label: string;
  /** The provider's config (credentials and settings); z.object, .strict(). */
  configSchema: z.ZodType<C>;
  /** Config fields that are secrets: stored encrypted, never returned, shown masked. */
  secretFields: readonly string[];
  capabilities: ProviderCapabilities;
  send(config: C, message: OutgoingMessage): Promise<SendResult>;
  /** A live, read-only check of the connection and credentials. Throws ProviderError on failure. */
  test(config: C): Promise<TestResult>;
}

export function formatAddress(a: Address): string {
  if (!a.name) return a.email;
  return `"${a.name.replace(/["\\]/g, "\\$&")}" <${a.email}>`;
}
