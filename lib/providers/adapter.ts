// The contract every provider adapter implements: validate its config, send one message,
// test the connection. Adapters know nothing of organizations, limits or failover.
import type { z } from "zod";
import type { OutboundPolicy } from "@/lib/net/outbound-policy";
import type { ProviderType } from "@/lib/providers/catalog";
import type { ConfigField, ProviderFields } from "@/lib/providers/config-fields";

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
  /** Our record of the message (messages.id), once recorded: an SMTP relay's return path names it (lib/bounces/verp-address.ts). */
  recordId?: string;
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
  /**
   * Recipients the provider refused outright while taking the message for the others (an SMTP
   * relay's refusal at RCPT TO): recorded as bounces, hard when `permanent` (which suppresses
   * the address), else soft. `reason`: in our words, never the provider's reply.
   */
  refused?: RefusedRecipient[];
}

export interface RefusedRecipient {
  email: string;
  reason: string;
  permanent: boolean;
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

/**
 * A provider's refusal or failure. `retryable` false: the message itself was refused (do not
 * fail over). `ambiguous`: the message was handed over in full but no answer came back (a
 * timeout or a dropped connection after the request or the SMTP DATA was sent), so the provider
 * may have accepted it: failing over at once could deliver it twice (docs/sending.md). Every
 * other failure is definitive: nothing was accepted (the connection, DNS or TLS failed, or the
 * provider answered with an error).
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  readonly ambiguous: boolean;
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's HTTP status, for HTTP APIs. */
    readonly status?: number,
    options?: { cause?: unknown; ambiguous?: boolean; refused?: RefusedRecipient[] },
  ) {
    super(message, options);
    this.ambiguous = options?.ambiguous ?? false;
    this.refused = options?.refused;
  }
  /** Of an ambiguous failure: recipients the provider refused for certain meanwhile (SendResult.refused). */
  readonly refused?: RefusedRecipient[];
}

/** A failure after the message was handed over, with no answer: the provider may have it. */
export const ambiguousFailure = (message: string, cause?: unknown, refused?: RefusedRecipient[]) =>
  new ProviderError(message, true, undefined, { cause, ambiguous: true, refused });

export interface ProviderAdapter<C = unknown> {
  type: ProviderType;
  label: string;
  /** The provider's config (credentials, settings, webhook verification); z.object, .strict(). */
  configSchema: z.ZodType<C>;
  /** Config fields that are secrets: stored encrypted, never returned, shown masked. */
  secretFields: readonly string[];
  /** The secrets sent to the provider's destination (secretFields also holds webhook-verification secrets). */
  credentialFields: readonly string[];
  /**
   * Settings that say where the adapter connects, and how each is checked by the outbound
   * address policy on save; changing one requires the credentials again (provider-destination.ts
   * and ConfigField.destination in config-fields.ts).
   */
  destinationFields: Readonly<Record<string, "url" | "host" | "port" | "tls">>;
  capabilities: ProviderCapabilities;
  /**
   * The provider de-duplicates a repeated send of one message (the adapter sends the message's
   * Message-ID as an idempotency key): after an ambiguous failure, sending it again to the same
   * provider cannot deliver a second copy.
   */
  idempotent?: boolean;
  /** `policy`: the outbound address policy its connections follow (provider-policy.ts; the default: the tenant's). */
  send(config: C, message: OutgoingMessage, policy?: OutboundPolicy): Promise<SendResult>;
  /** A live, read-only check of the connection and credentials. Throws ProviderError on failure. */
  test(config: C, policy?: OutboundPolicy): Promise<TestResult>;
}

/** What of an adapter its fields decide (<name>/fields.ts): its type, label, config schema and which fields are secrets, credentials and destinations. */
export function adapterSettings<T extends ProviderType, S extends z.ZodType<Record<string, unknown>>>(provider: ProviderFields<T, S>) {
  const fields = Object.entries(provider.fields);
  return {
    type: provider.type,
    label: provider.label,
    configSchema: provider.configSchema,
    secretFields: fields.filter(([, f]) => f.kind === "secret").map(([key]) => key),
    credentialFields: fields.filter(([, f]) => f.credential).map(([key]) => key),
    destinationFields: Object.fromEntries(
      fields.flatMap(([key, f]): [string, NonNullable<ConfigField["destination"]>][] => (f.destination ? [[key, f.destination]] : [])),
    ),
  };
}

export function formatAddress(a: Address): string {
  if (!a.name) return a.email;
  return `"${a.name.replace(/["\\]/g, "\\$&")}" <${a.email}>`;
}
