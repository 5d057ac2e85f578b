// Postmark's server parts, for the registry: sending, its event webhook and its inbound webhook.
import { postmarkAdapter } from "@/lib/providers/postmark/adapter";
import { postmarkEventSource } from "@/lib/providers/postmark/events";
import { postmarkInboundSource } from "@/lib/providers/postmark/inbound";
import type { ProviderParts } from "@/lib/providers/registry";

export const postmarkProvider: ProviderParts = { adapter: postmarkAdapter, events: postmarkEventSource, inbound: postmarkInboundSource };
