// A managed provider's lifecycle (SPEC "Provider status"; docs/staff-api.md). Only an
// `active` one is ever used to send (lib/email/open-send.ts); `deprovisioned` is final.
export const PROVIDER_STATUSES = ["provisioning", "active", "suspended", "deprovisioned"] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export const TRANSITIONS: Record<ProviderStatus, readonly ProviderStatus[]> = {
  provisioning: ["active", "deprovisioned"],
  active: ["suspended", "deprovisioned"],
  suspended: ["active", "deprovisioned"],
  deprovisioned: [],
};

export function canMove(from: string, to: ProviderStatus): boolean {
  return Object.hasOwn(TRANSITIONS, from) && TRANSITIONS[from as ProviderStatus].includes(to);
}
