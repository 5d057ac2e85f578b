// How the per-day chart lays out its axis and lines (pure, so it is tested on its own).
import type { DailyStat } from "@/hooks/analytics";
import { SERIES } from "@/components/overview/series";

/** At most this many day labels on the axis: every day up to it, then every 2nd, 3rd, ... day. */
const MAX_TICKS = 16;

/** The days labelled on the axis, evenly spaced and always ending on the last day. */
export function axisTicks(dates: string[]): string[] {
  const step = Math.max(1, Math.ceil(dates.length / MAX_TICKS));
  return dates.filter((_, i) => (dates.length - 1 - i) % step === 0);
}

/**
 * The drawing order, bottom first: series with nothing in the period (drawn thin and dashed),
 * then the others from the smallest total to the largest. A line that is zero most days (bounces,
 * say) so never covers one with counts, and where lines meet the bigger series shows.
 */
export function drawingOrder(days: DailyStat[]) {
  const totals = SERIES.map((s, index) => ({ ...s, index, total: days.reduce((n, d) => n + d[s.key], 0) }));
  return totals
    .sort((a, b) => ((a.total === 0) !== (b.total === 0) ? (a.total === 0 ? -1 : 1) : a.total - b.total || a.index - b.index))
    .map(({ key, label, color, total }) => ({ key, label, color, empty: total === 0 }));
}
