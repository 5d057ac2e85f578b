import { describe, expect, it } from "vitest";
import { currentCode, matchingStep, newSecret } from "@/lib/two-factor/totp";

describe("TOTP", () => {
  const secret = newSecret();
  const now = 1_800_000_000_000;
  it("accepts the current code and one step of drift either way, nothing further", () => {
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, currentCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, currentCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, currentCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, currentCode(secret, now - 90_000), now)).toBeNull();
  });
  it("refuses malformed codes and other secrets' codes", () => {
    expect(matchingStep(secret, "12345", now)).toBeNull();
    expect(matchingStep(secret, "abcdef", now)).toBeNull();
    expect(matchingStep(newSecret(), currentCode(secret, now), now)).toBeNull();
  });
});
