// Resend's server parts, for the registry: sending, and its event webhook.
import { resendAdapter } from "@/lib/providers/resend/adapter";
import { resendEventSource } from "@/lib/providers/resend/events";
import type { ProviderParts } from "@/lib/providers/registry";

export const resendProvider: ProviderParts = { adapter: resendAdapter, events: resendEventSource };
