"use client";

const SHORT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const EXACT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/**
 * A date with its time, in the reader's locale; the exact time (seconds) on hover. Webhook
 * activity happens many times a day, so the date alone (ui/DateText) would say too little.
 */
export function TimeText({ value, seconds = false }: { value: string; seconds?: boolean }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={EXACT.format(date)}>
      {(seconds ? EXACT : SHORT).format(date)}
    </time>
  );
}
