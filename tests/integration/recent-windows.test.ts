// The sign-in and two-factor throttles read the current and the previous fixed window, so
// failures that straddle a window boundary still add up to a lockout.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { clearRecentWindows, hitFixedWindow, peekRecentWindows } from "@/lib/rate-limit/fixed-window";
import { FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS } from "@/lib/users/sign-in-throttle";

const boundary = (Math.floor(Date.now() / 1000 / WINDOW_SECONDS) + 1) * WINDOW_SECONDS * 1000;

describe("recent windows (database store)", () => {
  it("counts a burst split by a window boundary as one", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS / 2; i++)
      await hitFixedWindow(key, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS, boundary - 1_000);
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_ADDRESS / 2; i++)
      await hitFixedWindow(key, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS, boundary + 1_000);
    expect(await peekRecentWindows(key, WINDOW_SECONDS, boundary + 1_000)).toBe(FAILURES_PER_ACCOUNT_AND_ADDRESS);
    // Two windows on, the old failures no longer count.
    expect(await peekRecentWindows(key, WINDOW_SECONDS, boundary + WINDOW_SECONDS * 1000 + 1_000)).toBe(
      FAILURES_PER_ACCOUNT_AND_ADDRESS / 2,
    );
    expect(await peekRecentWindows(key, WINDOW_SECONDS, boundary + 2 * WINDOW_SECONDS * 1000 + 1_000)).toBe(0);
  });

  it("clears both windows on success", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    await hitFixedWindow(key, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS, boundary - 1_000);
    await hitFixedWindow(key, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS, boundary + 1_000);
    await clearRecentWindows(key, WINDOW_SECONDS, boundary + 1_000);
    expect(await peekRecentWindows(key, WINDOW_SECONDS, boundary + 1_000)).toBe(0);
  });
});
