// The server's parts of every provider type in the catalog (catalog.ts), by type: its
// adapter, and the sources that read its event webhook and its inbound webhook where it has
// them (lib/providers/<name>/provider.ts). A type missing here does not compile.
import type { ProviderAdapter } from "@/lib/providers/adapter";
import type { ProviderType } from "@/lib/providers/catalog";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import type { ProviderEventSource } from "@/lib/provider-events/types";
import { demoProvider } from "@/lib/providers/demo/provider";
import { mailgunProvider } from "@/lib/providers/mailgun/provider";
import { postmarkProvider } from "@/lib/providers/postmark/provider";
import { resendProvider } from "@/lib/providers/resend/provider";
import { sendgridProvider } from "@/lib/providers/sendgrid/provider";
import { sesProvider } from "@/lib/providers/ses/provider";
import { smtpProvider } from "@/lib/providers/smtp/provider";

// Each source and adapter checks the config it is given at run time (a missing webhook
// secret is a 401), so the table can hold them without their config types.
export interface ProviderParts {
  adapter: ProviderAdapter;
  events?: ProviderEventSource<unknown>;
  inbound?: ProviderInboundSource<unknown>;
}

const PROVIDERS: Record<ProviderType, ProviderParts> = {
  resend: resendProvider,
  smtp: smtpProvider,
  ses: sesProvider,
  sendgrid: sendgridProvider,
  postmark: postmarkProvider,
  mailgun: mailgunProvider,
  demo: demoProvider,
};

const partsFor = (type: string): ProviderParts | undefined =>
  Object.hasOwn(PROVIDERS, type) ? PROVIDERS[type as ProviderType] : undefined;

/** The adapter for a type, or undefined for a type this build does not know. */
export function adapterFor(type: string): ProviderAdapter | undefined {
  return partsFor(type)?.adapter;
}

/** What reads the type's event webhook (delivery, bounce, open... reports), or null when it has none. */
export function eventSourceFor(type: string): ProviderEventSource<unknown> | null {
  return partsFor(type)?.events ?? null;
}

/** What reads the type's inbound webhook (mail it received for the organization), or null when it has none. */
export function inboundSourceFor(type: string): ProviderInboundSource<unknown> | null {
  return partsFor(type)?.inbound ?? null;
}
