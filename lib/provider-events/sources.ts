// Which event webhook source reads which provider type. SMTP has no event webhooks, and the
// demo provider produces no real traffic, so neither has one.
import { mailgunEventSource } from "@/lib/provider-events/mailgun";
import { postmarkEventSource } from "@/lib/provider-events/postmark";
import { resendEventSource } from "@/lib/provider-events/resend";
import { sendgridEventSource } from "@/lib/provider-events/sendgrid";
import { createSesEventSource } from "@/lib/provider-events/ses";
import { createCertificateFetcher } from "@/lib/provider-events/sns-certificate";
import type { ProviderEventSource } from "@/lib/provider-events/types";

/** SES through SNS, downloading signing certificates over HTTPS (5 s timeout, no redirects, cached by URL). */
export const sesEventSource = createSesEventSource({ fetchCertificate: createCertificateFetcher() });

// Each source checks the config it is given at run time (a missing secret is a 401), so the
// map can hold them without their config types.
const SOURCES = new Map<string, ProviderEventSource<unknown>>([
  ["resend", resendEventSource],
  ["sendgrid", sendgridEventSource],
  ["postmark", postmarkEventSource],
  ["mailgun", mailgunEventSource],
  ["ses", sesEventSource],
]);

export function eventSourceFor(type: string): ProviderEventSource<unknown> | null {
  return SOURCES.get(type) ?? null;
}
