"use client";

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A date in the reader's locale, with the exact time on hover. */
export function DateText({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={FULL.format(date)}>
      {FORMAT.format(date)}
    </time>
  );
}
