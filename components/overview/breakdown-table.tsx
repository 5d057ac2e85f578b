import { SERIES } from "@/components/overview/series";
import { count, percent } from "@/components/overview/figures";

const CELL = "px-3 py-2 text-right tabular-nums";

export interface BreakdownRow {
  key: string;
  label: string;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  deliveryRate: number;
  bounceRate: number;
}

interface BreakdownTableProps {
  id: string;
  title: string;
  /** The first column's heading, e.g. "Provider". */
  dimension: string;
  rows: BreakdownRow[];
  empty: string;
}

/** Counts and rates of the period split one way (by provider, by use case); scrolls sideways on narrow screens. */
export function BreakdownTable({ id, title, dimension, rows, empty }: BreakdownTableProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="px-4 pt-4">
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          {title}
        </h3>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Rates are shares of what each sent.</p>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-4 text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid={`${id}-table`}>
            <caption className="sr-only">{`Counts and rates per ${dimension.toLowerCase()}`}</caption>
            <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {dimension}
                </th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Delivery rate
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Bounce rate
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="max-w-48 px-3 py-2 font-medium [overflow-wrap:anywhere]">
                    {r.label}
                  </th>
                  {SERIES.map((s) => (
                    <td key={s.key} className={CELL}>
                      {count(r[s.key])}
                    </td>
                  ))}
                  <td className={CELL}>{percent(r.deliveryRate)}</td>
                  <td className={`${CELL} ${r.bounceRate >= 0.05 ? "font-medium text-red-700 dark:text-red-400" : ""}`}>
                    {percent(r.bounceRate)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
