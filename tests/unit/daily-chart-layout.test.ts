// The per-day chart's axis labels and line order.
import { describe, expect, it } from "vitest";
import { axisTicks, drawingOrder } from "@/components/overview/chart-layout";

const dates = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10));
const day = (date: string, counts: Partial<Record<"sent" | "delivered" | "opened" | "clicked" | "bounced", number>> = {}) => ({
  date,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  ...counts,
});

describe("axisTicks", () => {
  it("labels every day of a week", () => {
    expect(axisTicks(dates(7))).toEqual(dates(7));
  });

  it("labels evenly spaced days of a month and of 90 days, ending on the last, never more than 16", () => {
    for (const n of [30, 31, 90]) {
      const all = dates(n);
      const ticks = axisTicks(all);
      expect(ticks.length).toBeLessThanOrEqual(16);
      expect(ticks.at(-1)).toBe(all.at(-1));
      const gaps = new Set(ticks.slice(1).map((t, i) => all.indexOf(t) - all.indexOf(ticks[i]!)));
      expect(gaps.size).toBe(1);
    }
  });
});

describe("drawingOrder", () => {
  it("draws the series with nothing in the period first, then the others from the smallest total up", () => {
    const order = drawingOrder([day("2026-11-26", { sent: 3, delivered: 2, bounced: 1 }), day("2026-11-27", { sent: 1, opened: 1 })]);
    expect(order.map((s) => [s.key, s.empty])).toEqual([
      ["clicked", true],
      ["opened", false],
      ["bounced", false],
      ["delivered", false],
      ["sent", false],
    ]);
  });
});
