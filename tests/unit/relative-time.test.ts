import { describe, expect, it } from "vitest";
import { momentOf, relativeDelayMs } from "@/lib/scheduling/relative-time";
import { v1SendEmailSchema } from "@/lib/email/schemas";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("relative send times", () => {
  it("reads in N minutes, hours or days, in every spelling of the grammar", () => {
    const cases: [string, number][] = [
      ["in 10 minutes", 10 * MIN],
      ["in 1 minute", MIN],
      ["in 1 min", MIN],
      ["in 5 mins", 5 * MIN],
      ["in 2 hours", 2 * HOUR],
      ["in 1 hour", HOUR],
      ["in 3 h", 3 * HOUR],
      ["in 3h", 3 * HOUR],
      ["in 1 day", DAY],
      ["in 365 days", 365 * DAY],
      ["  In 2 HOURS ", 2 * HOUR],
      ["in  10   minutes", 10 * MIN],
    ];
    for (const [text, ms] of cases) expect(relativeDelayMs(text), text).toBe(ms);
  });

  it("takes nothing else: no seconds, weeks, words, fractions, signs or words around it", () => {
    for (const text of [
      "in 10 seconds",
      "in 10 s",
      "in 2 weeks",
      "tomorrow",
      "in ten minutes",
      "in 1.5 hours",
      "in -5 minutes",
      "10 minutes",
      "in 10 minutes please",
      "in minutes",
      "in 1234567 minutes",
      "2026-12-01T09:00:00+01:00",
    ])
      expect(relativeDelayMs(text), text).toBeNull();
  });

  it("counts from the moment given; an ISO time stays what it says", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(momentOf("in 10 minutes", now).toISOString()).toBe("2026-11-28T10:10:00.000Z");
    expect(momentOf("in 1 day", now).toISOString()).toBe("2026-11-29T10:00:00.000Z");
    expect(momentOf("2026-12-01T09:00:00+01:00", now).toISOString()).toBe("2026-12-01T08:00:00.000Z");
  });

  it("is what v1's scheduledAt takes besides ISO 8601, kept as written (resolved when the request is handled)", () => {
    const body = { to: "r@example.test", subject: "s", text: "t" };
    expect(v1SendEmailSchema.parse({ ...body, scheduledAt: "in 10 minutes" }).scheduledAt).toBe("in 10 minutes");
    expect(v1SendEmailSchema.parse({ ...body, scheduledAt: "2026-12-01T09:00:00Z" }).scheduledAt).toBe("2026-12-01T09:00:00Z");
    for (const scheduledAt of ["in 10 seconds", "tomorrow", "2026-12-01T09:00:00", 5]) {
      const result = v1SendEmailSchema.safeParse({ ...body, scheduledAt });
      expect(result.success, String(scheduledAt)).toBe(false);
      expect(result.error!.issues).toEqual([
        expect.objectContaining({ path: ["scheduledAt"], message: expect.stringContaining('"in N minutes|hours|days"') }),
      ]);
    }
  });
});
