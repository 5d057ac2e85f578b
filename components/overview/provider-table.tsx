import type { ProviderStat } from "@/lib/queries/analytics";
import { SERIES } from "@/components/overview/series";
import { count, percent } from "@/components/overview/figures";

const CELL = "px-3 py-2 text-right tabular-nums";

/** Each provider's counts and rates for the period; scrolls sideways on narrow screens. */
export function ProviderTable({ providers }: { providers: ProviderStat[] }) {
  return (
    <section aria-labelledby="providers-heading" className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="px-4 pt-4">
        <h3 id="providers-heading" className="text-base font-semibold">
          By provider
        </h3>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Rates are shares of what each provider sent.</p>
      </div>
      {providers.length === 0 ? (
        <p className="px-4 py-4 text-sm text-zinc-600 dark:text-zinc-400">No provider sent anything in this period.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="provider-table">
            <caption className="sr-only">Counts and rates per provider</caption>
            <thead className="border-y border-zinc-200 bg-zinc-50 text-xs text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Provider</th>
                {SERIES.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-medium">Delivery rate</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">Bounce rate</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {providers.map((p) => (
                <tr key={p.provider}>
                  <th scope="row" className="max-w-48 px-3 py-2 font-medium [overflow-wrap:anywhere]">
                    {p.provider}
                  </th>
                  {SERIES.map((s) => (
                    <td key={s.key} className={CELL}>
                      {count(p[s.key])}
                    </td>
                  ))}
                  <td className={CELL}>{percent(p.deliveryRate)}</td>
                  <td className={`${CELL} ${p.bounceRate >= 0.05 ? "font-medium text-red-700 dark:text-red-400" : ""}`}>{percent(p.bounceRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
