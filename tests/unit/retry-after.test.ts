// One way to answer 429: Retry-After in whole seconds, at least 1, from the refusing window.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { retryAfterHeader, tooManyRequests } from "@/lib/errors/too-many-requests";
import { secondsUntilNextMonth } from "@/lib/email/message-store";

describe("retryAfterHeader", () => {
  it("rounds a wait up to whole seconds, never below 1", () => {
    expect(retryAfterHeader(0.2)).toEqual({ "Retry-After": "1" });
    expect(retryAfterHeader(0)).toEqual({ "Retry-After": "1" });
    expect(retryAfterHeader(-3)).toEqual({ "Retry-After": "1" });
    expect(retryAfterHeader(59.01)).toEqual({ "Retry-After": "60" });
    expect(retryAfterHeader(Number.NaN)).toEqual({ "Retry-After": "1" });
    const e = tooManyRequests("QUOTA_EXCEEDED", "used up", 12.5);
    expect([e.status, e.code, e.headers]).toEqual([429, "QUOTA_EXCEEDED", { "Retry-After": "13" }]);
  });
});

describe("the month's allowance window", () => {
  it("ends at the start of the next month, UTC", () => {
    expect(secondsUntilNextMonth(new Date("2026-11-30T23:59:30Z"))).toBe(30);
    expect(secondsUntilNextMonth(new Date("2026-12-31T00:00:00Z"))).toBe(86_400);
    expect(secondsUntilNextMonth(new Date("2027-02-01T00:00:00Z"))).toBe(28 * 86_400);
  });
});

describe("every 429 in the source", () => {
  // A 429 made any other way could leave out Retry-After: the only ways are tooManyRequests
  // (AppErrors) and retryAfterHeader (answers of their own shape, passed beside the status).
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (name === "generated" || name === "node_modules") return [];
      return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : [];
    });
  const root = path.resolve(import.meta.dirname, "../..");
  const sources = ["app", "lib", "inngest"].flatMap((d) => files(path.join(root, d))).concat(path.join(root, "proxy.ts"));

  it("is made through tooManyRequests or carries retryAfterHeader", () => {
    const offending: string[] = [];
    for (const file of sources) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        const direct = /new AppError\(\s*"(RATE_LIMITED|QUOTA_EXCEEDED|NO_PROVIDER_CAPACITY)"/.test(line);
        const bare429 =
          /(status:\s*429|,\s*429\b)/.test(line) &&
          !line.includes("retryAfterHeader") &&
          !/\b(res|response)\.status(Code)?\b/.test(line) &&
          !line.trimStart().startsWith("//");
        if (direct || bare429) offending.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offending).toEqual([]);
  });
});
