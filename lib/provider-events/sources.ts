// Which event webhook source reads which provider type. SMTP has no event webhooks, and the
// demo provider produces no real traffic, so neither has one.
import { mailgunEventSource } from "@/lib/providers/mailgun/events";
import { postmarkEventSource } from "@/lib/providers/postmark/events";
import { resendEventSource } from "@/lib/providers/resend/events";
import { sendgridEventSource } from "@/lib/providers/sendgrid/events";
import { createSesEventSource } from "@/lib/providers/ses/events";
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
