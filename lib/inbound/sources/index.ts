// Which inbound source reads which provider type's inbound webhook. Resend, SMTP and the demo
// provider have none here (SMTP providers' mail reaches our own SMTP listener).
import { mailgunInboundSource } from "@/lib/providers/mailgun/inbound";
import { postmarkInboundSource } from "@/lib/providers/postmark/inbound";
import { sendgridInboundSource } from "@/lib/providers/sendgrid/inbound";
import { createSesInboundSource } from "@/lib/providers/ses/inbound";
import type { ProviderInboundSource } from "@/lib/inbound/sources/types";
import { createCertificateFetcher } from "@/lib/provider-events/sns-certificate";

/** SES through SNS, downloading signing certificates over HTTPS (5 s timeout, no redirects, cached by URL). */
export const sesInboundSource = createSesInboundSource({ fetchCertificate: createCertificateFetcher() });

// Each source checks the config it is given at run time (a missing secret is a 401), so the
// map can hold them without their config types.
const SOURCES = new Map<string, ProviderInboundSource<unknown>>([
  ["sendgrid", sendgridInboundSource],
  ["mailgun", mailgunInboundSource],
  ["postmark", postmarkInboundSource],
  ["ses", sesInboundSource],
]);

export function inboundSourceFor(type: string): ProviderInboundSource<unknown> | null {
  return SOURCES.get(type) ?? null;
}
