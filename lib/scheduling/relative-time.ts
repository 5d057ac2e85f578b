// The relative form of a send time: "in 10 minutes", "in 2 hours", "in 1 day" (and "in 1 min",
// "in 3 h"), counted from when the request is handled. Nothing else is taken: no seconds, no
// "tomorrow", no weekday names. Pure, so the send schema (which runs in the browser too) uses it.

const UNITS_MS: Record<string, number> = {
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
  day: 86_400_000,
  days: 86_400_000,
};

/** `in N <unit>`, N a whole number of at most 6 digits; spaces between words, any case. */
export const RELATIVE_MOMENT = /^\s*in\s+(\d{1,6})\s*(minutes?|mins?|hours?|h|days?)\s*$/i;

export const RELATIVE_MOMENT_HINT = 'a relative time "in N minutes|hours|days" (also min, mins, h, minute, hour, day)';

/** The delay a relative time names, in milliseconds; null when the text is not one. */
export function relativeDelayMs(text: string): number | null {
  const match = RELATIVE_MOMENT.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNITS_MS[match[2].toLowerCase()];
}

/** The moment a send time names: an ISO 8601 time as it says, a relative one counted from `now`. */
export function momentOf(value: string, now: number = Date.now()): Date {
  const delay = relativeDelayMs(value);
  return delay === null ? new Date(value) : new Date(now + delay);
}
