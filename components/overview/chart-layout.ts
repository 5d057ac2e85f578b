// How the per-day chart lays out its axis and lines (pure, so it is tested on its own).
import type { DailyStat } from "@/lib/queries/analytics";
import { SERIES } from "@/components/overview/series";

/** At most this many day labels on the axis: every day up to it, then every 2nd, 3rd, ... day. */
const MAX_TICKS = 16;

/** The days labelled on the axis, evenly spaced and always ending on the last day. */
export function axisTicks(dates: string[]): string[] {
  const step = Math.max(1, Math.ceil(dates.length / MAX_TICKS));
  return dates.filter((_, i) => (dates.length - 1 - i) % step === 0);
}

/**
 * The drawing order: series with nothing in the period first (underneath, thin and dashed), so a
 * flat zero line never covers one with counts; then the others in funnel order.
 */
export function drawingOrder(days: DailyStat[]) {
  const empty = (key: (typeof SERIES)[number]["key"]) => days.every((d) => d[key] === 0);
  return [...SERIES.filter((s) => empty(s.key)).map((s) => ({ ...s, empty: true })), ...SERIES.filter((s) => !empty(s.key)).map((s) => ({ ...s, empty: false }))];
}
