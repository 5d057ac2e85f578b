import { describe, expect, it } from "vitest";
import { monthlyAllowance } from "@/lib/orgs/plans";

describe("monthly allowance", () => {
  it("is the plan's, unless the account has its own figure", () => {
    expect(monthlyAllowance({ plan: "free", monthlySendAllowance: null })).toBe(1_000);
    expect(monthlyAllowance({ plan: "starter", monthlySendAllowance: null })).toBe(25_000);
    expect(monthlyAllowance({ plan: "professional", monthlySendAllowance: null })).toBe(100_000);
    expect(monthlyAllowance({ plan: "free", monthlySendAllowance: 50 })).toBe(50);
  });

  it("is unlimited on enterprise without a custom figure (not the free plan's)", () => {
    expect(monthlyAllowance({ plan: "enterprise", monthlySendAllowance: null })).toBeNull();
    expect(monthlyAllowance({ plan: "enterprise", monthlySendAllowance: 2_000_000 })).toBe(2_000_000);
  });
});
