// SMTP's server parts, for the registry: sending only (no event webhooks; mail for an SMTP
// provider's domains reaches Mailroom's own SMTP listener, lib/inbound/smtp).
import { smtpAdapter } from "@/lib/providers/smtp/adapter";
import type { ProviderParts } from "@/lib/providers/registry";

export const smtpProvider: ProviderParts = { adapter: smtpAdapter };
