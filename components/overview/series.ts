import type { DailyStat } from "@/hooks/analytics";

export type SeriesKey = Exclude<keyof DailyStat, "date">;

/**
 * The five counts the overview charts, in funnel order, each with one colour used by the
 * cards, the chart and its legend. Mid-tone hues that read on white and on zinc-900 alike.
 */
export const SERIES: { key: SeriesKey; label: string; color: string }[] = [
  { key: "sent", label: "Sent", color: "#2f6fed" },
  { key: "delivered", label: "Delivered", color: "#16a34a" },
  { key: "opened", label: "Opened", color: "#9333ea" },
  { key: "clicked", label: "Clicked", color: "#d97706" },
  { key: "bounced", label: "Bounced", color: "#dc2626" },
];
