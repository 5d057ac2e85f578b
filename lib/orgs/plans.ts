// Plan tiers (SPEC Limits; DESIGN.md §4): monthly send allowance and provider quota.
export const PLANS = {
  free: { label: "Free", monthlySends: 1_000, providers: 2 },
  starter: { label: "Starter", monthlySends: 25_000, providers: 5 },
  professional: { label: "Professional", monthlySends: 100_000, providers: 20 },
  enterprise: { label: "Enterprise", monthlySends: null, providers: null }, // custom, set per account
} as const;

export type Plan = keyof typeof PLANS;
export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

/** The allowance in force: the account's own figure if staff set one, else the plan's. */
export function monthlyAllowance(org: { plan: string; monthlySendAllowance: number | null }): number | null {
  if (org.monthlySendAllowance !== null) return org.monthlySendAllowance;
  const plan = Object.hasOwn(PLANS, org.plan) ? PLANS[org.plan as Plan] : PLANS.free;
  return plan.monthlySends; // null: unlimited (enterprise without a custom figure)
}
