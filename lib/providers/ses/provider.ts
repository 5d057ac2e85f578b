// Amazon SES's server parts, for the registry: sending, and its events and received mail
// through SNS, each downloading SNS signing certificates over HTTPS (5 s timeout, no
// redirects, cached by URL).
import { createCertificateFetcher } from "@/lib/provider-events/sns-certificate";
import { sesAdapter } from "@/lib/providers/ses/adapter";
import { createSesEventSource } from "@/lib/providers/ses/events";
import { createSesInboundSource } from "@/lib/providers/ses/inbound";
import type { ProviderParts } from "@/lib/providers/registry";

export const sesProvider: ProviderParts = {
  adapter: sesAdapter,
  events: createSesEventSource({ fetchCertificate: createCertificateFetcher() }),
  inbound: createSesInboundSource({ fetchCertificate: createCertificateFetcher() }),
};
