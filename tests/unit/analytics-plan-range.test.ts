// planRange: which parts of a report's range come from the rollups and which from events.
import { describe, expect, it } from "vitest";
import { planRange } from "@/lib/analytics/event-counts";

const t = (iso: string) => new Date(iso);
const plan = (from: string, to: string, now?: string) => {
  const p = planRange({ from: t(from), to: t(to) }, now ? t(now) : undefined);
  return {
    hours: p.hours.map((h) => `${h.from.toISOString().slice(11, 16)}-${h.to.toISOString().slice(11, 16)}`),
    spans: p.spans.map(
      (s) =>
        `${s.sign > 0 ? "+" : "-"}${s.fromInclusive ? "[" : "("}${s.from.toISOString().slice(11, 19)},${s.to.toISOString().slice(11, 19)}${s.toInclusive ? "]" : ")"}`,
    ),
  };
};

describe("planRange", () => {
  it("reads short edges as events and long ones as their hour less the rest", () => {
    expect(plan("2026-10-05T10:50:00Z", "2026-10-05T14:10:00Z")).toEqual({
      hours: ["11:00-14:00"],
      spans: ["+[10:50:00,11:00:00)", "+[14:00:00,14:10:00]"],
    });
    expect(plan("2026-10-05T10:10:00Z", "2026-10-05T14:50:00Z")).toEqual({
      hours: ["10:00-11:00", "11:00-14:00", "14:00-15:00"],
      spans: ["-[10:00:00,10:10:00)", "-(14:50:00,15:00:00)"],
    });
  });

  it("needs no head on the hour, and a range ending on the hour reads only that instant", () => {
    expect(plan("2026-10-05T10:00:00Z", "2026-10-05T12:00:00Z")).toEqual({ hours: ["10:00-12:00"], spans: ["+[12:00:00,12:00:00]"] });
  });

  it("within one hour: the range itself when short, else the hour less both sides", () => {
    expect(plan("2026-10-05T10:10:00Z", "2026-10-05T10:30:00Z")).toEqual({ hours: [], spans: ["+[10:10:00,10:30:00]"] });
    expect(plan("2026-10-05T10:05:00Z", "2026-10-05T10:55:00Z")).toEqual({
      hours: ["10:00-11:00"],
      spans: ["-[10:00:00,10:05:00)", "-(10:55:00,11:00:00)"],
    });
  });

  it("adjacent hours: a long head and a short tail", () => {
    expect(plan("2026-10-05T10:05:00Z", "2026-10-05T11:20:00Z")).toEqual({
      hours: ["10:00-11:00"],
      spans: ["-[10:00:00,10:05:00)", "+[11:00:00,11:20:00]"],
    });
  });

  it("counts only time up to now: a range ending now reads the hour's rollup less the moments after it", () => {
    expect(plan("2026-10-05T10:50:00Z", "2026-10-05T14:05:00Z", "2026-10-05T14:05:30Z")).toEqual({
      hours: ["11:00-14:00", "14:00-15:00"],
      spans: ["+[10:50:00,11:00:00)", "-(14:05:00,15:00:00)"],
    });
    // Five minutes into the hour, a range of the last three: the hour less its first two minutes.
    expect(plan("2026-10-05T14:02:00Z", "2026-10-05T14:05:00Z", "2026-10-05T14:05:00Z")).toEqual({
      hours: ["14:00-15:00"],
      spans: ["-[14:00:00,14:02:00)", "-(14:05:00,15:00:00)"],
    });
    // A range wholly in the future holds nothing yet: read it as events (none).
    expect(plan("2026-10-05T16:10:00Z", "2026-10-05T16:20:00Z", "2026-10-05T14:05:00Z")).toEqual({
      hours: [],
      spans: ["+[16:10:00,16:20:00]"],
    });
  });
});
