// Every provider adapter, by type.
import type { ProviderAdapter, ProviderType } from "@/lib/providers/adapter";
import { demoAdapter } from "@/lib/providers/adapters/demo";
import { sesAdapter } from "@/lib/providers/adapters/ses";
import { smtpAdapter } from "@/lib/providers/adapters/smtp";

const ADAPTERS: Partial<Record<ProviderType, ProviderAdapter<never>>> = {
  smtp: smtpAdapter as ProviderAdapter<never>,
  ses: sesAdapter as ProviderAdapter<never>,
  demo: demoAdapter as ProviderAdapter<never>,
};

/** The adapter for a type, or undefined for a type this build does not know. */
export function adapterFor(type: string): ProviderAdapter<never> | undefined {
  return ADAPTERS[type as ProviderType];
}

export const knownProviderTypes = () => Object.keys(ADAPTERS) as ProviderType[];
