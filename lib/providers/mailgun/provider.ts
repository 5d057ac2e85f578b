// Mailgun's server parts, for the registry: sending, its event webhook and its inbound webhook.
import { mailgunAdapter } from "@/lib/providers/mailgun/adapter";
import { mailgunEventSource } from "@/lib/providers/mailgun/events";
import { mailgunInboundSource } from "@/lib/providers/mailgun/inbound";
import type { ProviderParts } from "@/lib/providers/registry";

export const mailgunProvider: ProviderParts = { adapter: mailgunAdapter, events: mailgunEventSource, inbound: mailgunInboundSource };
