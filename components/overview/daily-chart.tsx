"use client";

import { useId, useState } from "react";
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import type { DailyStat } from "@/hooks/analytics";
import { SERIES } from "@/components/overview/series";
import { count, dayLabel, fullDayLabel } from "@/components/overview/figures";
import { axisTicks, drawingOrder } from "@/components/overview/chart-layout";

const AXIS_TICK = { fill: "currentColor", fontSize: 12 };
/** The counts per day: a line per series, with the same numbers as a table for screen readers and on request. */
export function DailyChart({ days }: { days: DailyStat[] }) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const summaryId = useId();
  const tableId = useId();

  return (
    <section
      aria-labelledby={headingId}
      aria-describedby={summaryId}
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold">
            Per day
          </h3>
          <p id={summaryId} className="text-xs text-zinc-500 dark:text-zinc-400">
            {describe(days)}
          </p>
        </div>
        <button
          type="button"
          className="btn-secondary py-1"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable(!showTable)}
        >
          {showTable ? "Hide table" : "Show as table"}
        </button>
      </div>

      {/* The picture is for sighted readers; the table below carries the same numbers for everyone else. */}
      <div aria-hidden="true" className="mt-4 text-zinc-500 dark:text-zinc-400" data-testid="daily-chart">
        <LineChart
          responsive
          accessibilityLayer={false}
          data={days}
          style={{ width: "100%", height: 260 }}
          margin={{ top: 8, right: 24, bottom: 0, left: -12 }}
        >
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
          <XAxis
            dataKey="date"
            ticks={axisTicks(days.map((d) => d.date))}
            interval={0}
            tickFormatter={dayLabel}
            tick={AXIS_TICK}
            stroke="currentColor"
            strokeOpacity={0.4}
            tickMargin={6}
          />
          <YAxis allowDecimals={false} tick={AXIS_TICK} stroke="currentColor" strokeOpacity={0.4} width={44} />
          <Tooltip content={ChartTooltip} cursor={{ stroke: "currentColor", strokeOpacity: 0.3 }} isAnimationActive={false} />
          {drawingOrder(days).map((s) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={s.empty ? 1.5 : 2}
              strokeDasharray={s.empty ? "4 4" : undefined}
              dot={!s.empty && days.length <= 31 ? { r: 2.5, fill: s.color, strokeWidth: 0 } : false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-300">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="h-0.5 w-4 rounded" style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      </div>

      <div
        id={tableId}
        className={showTable ? "mt-4 max-h-96 overflow-auto rounded-md border border-zinc-200 dark:border-zinc-800" : "sr-only"}
      >
        <table className="w-full min-w-[28rem] text-left text-sm" data-testid="daily-table">
          <caption className="sr-only">Emails per day (UTC), oldest first</caption>
          <thead className="sticky top-0 border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                  <time dateTime={d.date}>{fullDayLabel(d.date)}</time>
                </th>
                {SERIES.map((s) => (
                  <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                    {count(d[s.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One sentence with the period's totals and its busiest day, for the section's description. */
function describe(days: DailyStat[]): string {
  const totals = SERIES.map((s) => `${count(days.reduce((n, d) => n + d[s.key], 0))} ${s.label.toLowerCase()}`);
  const busiest = days.reduce<DailyStat | null>((best, d) => (d.sent > (best?.sent ?? 0) ? d : best), null);
  const first = days[0];
  const last = days[days.length - 1];
  const span = first && last ? `${dayLabel(first.date)} to ${dayLabel(last.date)} (UTC days)` : "This period";
  return `${span}: ${totals.join(", ")}.${busiest ? ` Most sent on ${dayLabel(busiest.date)} (${count(busiest.sent)}).` : ""}`;
}

function ChartTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length || typeof label !== "string") return null;
  const row = payload[0]?.payload as DailyStat | undefined;
  if (!row) return null;
  return (
    <div className="rounded-md border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-800 shadow-md dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="mb-1 font-medium">{fullDayLabel(label)}</p>
      <ul className="space-y-0.5">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center justify-between gap-4">
            <span className="flex items-center gap-1.5">
              <span className="size-2 rounded-full" style={{ backgroundColor: s.color }} />
              {s.label}
            </span>
            <span className="tabular-nums">{count(row[s.key])}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
