"use client";

// dateStyle/timeStyle cannot be combined with timeZoneName, hence the separate fields.
const ZONED = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const EXACT = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });

/**
 * A moment in the reader's time zone, with the zone named ("3:00 PM GMT+2"): a send time is
 * only unambiguous with it. The full date and seconds on hover.
 */
export function ZonedTime({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={EXACT.format(date)}>
      {ZONED.format(date)}
    </time>
  );
}
