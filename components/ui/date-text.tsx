"use client";

// dateStyle/timeStyle cannot be combined with timeZoneName, hence the separate fields of ZONED.
const FORMATS = {
  date: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
  time: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
  seconds: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" }),
  zoned: new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }),
};
const EXACT = new Intl.DateTimeFormat(undefined, { dateStyle: "full", timeStyle: "long" });

/**
 * A moment in the reader's locale, the exact time on hover. `show`: the date alone; with the
 * time (activity that happens many times a day); with seconds; or with the time zone named
 * ("3:00 PM GMT+2"), for a send time that is only unambiguous with it.
 */
export function DateText({ value, show = "date" }: { value: string; show?: keyof typeof FORMATS }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={EXACT.format(date)}>
      {FORMATS[show].format(date)}
    </time>
  );
}
