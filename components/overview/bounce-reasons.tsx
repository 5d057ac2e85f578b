import type { BounceReport } from "@/hooks/analytics";
import { count } from "@/components/overview/figures";

/** Why emails bounced in the period, most common first, each with a bar for its share. */
export function BounceReasons({ report }: { report: BounceReport }) {
  const top = report.bouncesByReason[0]?.count ?? 0;
  return (
    <section
      aria-labelledby="bounces-heading"
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="bounces-heading" className="text-base font-semibold">
          Bounce reasons
        </h3>
        <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
          {count(report.totalBounces)} {report.totalBounces === 1 ? "bounce" : "bounces"}
        </span>
      </div>
      {report.totalBounces === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No bounces in this period.</p>
      ) : (
        <>
          <ul className="mt-3 space-y-3" aria-label="Bounce reasons" data-testid="bounce-reasons">
            {report.bouncesByReason.map((r) => (
              <li key={r.reason} className="text-sm">
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 [overflow-wrap:anywhere]">{r.reason}</span>
                  <span className="shrink-0 font-medium tabular-nums">{count(r.count)}</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-zinc-100 dark:bg-zinc-800">
                  <div
                    className="h-1.5 rounded-full bg-red-500 dark:bg-red-400"
                    style={{ width: `${top ? Math.max(2, (r.count / top) * 100) : 0}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
          {report.bouncesByProvider.length > 0 && (
            <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
              By provider: {report.bouncesByProvider.map((p) => `${p.provider} ${count(p.count)}`).join(" · ")}
            </p>
          )}
        </>
      )}
    </section>
  );
}
