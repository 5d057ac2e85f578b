// SendGrid's server parts, for the registry: sending, its event webhook and its inbound webhook.
import { sendgridAdapter } from "@/lib/providers/sendgrid/adapter";
import { sendgridEventSource } from "@/lib/providers/sendgrid/events";
import { sendgridInboundSource } from "@/lib/providers/sendgrid/inbound";
import type { ProviderParts } from "@/lib/providers/registry";

export const sendgridProvider: ProviderParts = { adapter: sendgridAdapter, events: sendgridEventSource, inbound: sendgridInboundSource };
