// Report edges in hours whose events retention has deleted (docs/retention.md). Such an hour's
// count survives only whole, in its rollup, so a range's partial first or last hour there can no
// longer be read to the millisecond: the hour is taken whole when the range covers at least half
// of it, and left out otherwise. Hours after the organization's prune mark are read exactly, as
// before; so are whole hours everywhere.

const HOUR_MS = 3_600_000;
const HALF_HOUR_MS = HOUR_MS / 2;

const hourOf = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * The range to count, given the start of the latest hour from which events were deleted (null:
 * none were). The result's `to` stays inclusive: a whole last hour ends a millisecond before the
 * next (timestamps are kept to the millisecond). Null when the rounded range is empty.
 */
export function wholeHourEdges({ from, to }: { from: Date; to: Date }, prunedThrough: Date | null): { from: Date; to: Date } | null {
  if (!prunedThrough) return { from, to };
  const [f, t, p] = [from.getTime(), to.getTime(), prunedThrough.getTime()];
  const fromHour = hourOf(f);
  const toHour = hourOf(t);
  // An edge exactly on the hour is whole already; one in an hour after the mark is exact.
  const roundFrom = f !== fromHour && fromHour <= p;
  const roundTo = toHour <= p;
  if (!roundFrom && !roundTo) return { from, to };
  if (fromHour === toHour) {
    // Both edges in one hour: the hour if the range covers half of it.
    return t - f >= HALF_HOUR_MS ? { from: new Date(fromHour), to: new Date(fromHour + HOUR_MS - 1) } : null;
  }
  const start = !roundFrom ? f : fromHour + HOUR_MS - f >= HALF_HOUR_MS ? fromHour : fromHour + HOUR_MS;
  const end = !roundTo ? t : t - toHour >= HALF_HOUR_MS ? toHour + HOUR_MS - 1 : toHour - 1;
  return start <= end ? { from: new Date(start), to: new Date(end) } : null;
}
