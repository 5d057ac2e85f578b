// How the overview writes its numbers: counts with the reader's separators, rates (fractions of
// sent from the API) as whole percentages, and the API's UTC days as short dates.

const COUNT = new Intl.NumberFormat();
// The daily stats are UTC days ("2026-05-03"); read in UTC so no day shifts by the reader's zone.
const DAY = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const FULL_DAY = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export const count = (n: number) => COUNT.format(n);

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export const dayLabel = (date: string) => DAY.format(new Date(`${date}T00:00:00Z`));

export const fullDayLabel = (date: string) => FULL_DAY.format(new Date(`${date}T00:00:00Z`));
