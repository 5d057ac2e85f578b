// The demo provider's server parts, for the registry: simulated sending only (it produces no
// real traffic, so no webhooks).
import { demoAdapter } from "@/lib/providers/demo/adapter";
import type { ProviderParts } from "@/lib/providers/registry";

export const demoProvider: ProviderParts = { adapter: demoAdapter };
