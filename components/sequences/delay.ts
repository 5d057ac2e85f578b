// A step's delay in the units people think in: minutes, hours or days (seconds only for a
// delay set through the API that fits none of them).
export const UNITS = { seconds: 1, minutes: 60, hours: 3_600, days: 86_400 } as const;
export type DelayUnit = keyof typeof UNITS;

/** The largest unit the delay is a whole number of (0 reads as 0 minutes). */
export function splitDelay(seconds: number): { amount: string; unit: DelayUnit } {
  if (seconds === 0) return { amount: "0", unit: "minutes" };
  for (const unit of ["days", "hours", "minutes"] as const) {
    if (seconds % UNITS[unit] === 0) return { amount: String(seconds / UNITS[unit]), unit };
  }
  return { amount: String(seconds), unit: "seconds" };
}

/** The delay in seconds, or NaN when the amount is not a whole number of at least 0. */
export function joinDelay(amount: string, unit: DelayUnit): number {
  const n = Number(amount.trim());
  return amount.trim() !== "" && Number.isInteger(n) && n >= 0 ? n * UNITS[unit] : Number.NaN;
}

/** "at once", "1 day", "3 hours", "90 seconds". */
export function describeDelay(seconds: number): string {
  if (seconds === 0) return "at once";
  const { amount, unit } = splitDelay(seconds);
  return `${amount} ${amount === "1" ? unit.slice(0, -1) : unit}`;
}
