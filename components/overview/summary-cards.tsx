import type { AnalyticsSummary } from "@/hooks/analytics";
import { Skeleton } from "@/components/ui/skeleton";
import { SERIES, type SeriesKey } from "@/components/overview/series";
import { count, percent } from "@/components/overview/figures";

/** Which total and which rate (a share of sent) each card shows. */
const FIGURES: Record<SeriesKey, { total: keyof AnalyticsSummary; rate?: keyof AnalyticsSummary }> = {
  sent: { total: "totalSent" },
  delivered: { total: "totalDelivered", rate: "deliveryRate" },
  opened: { total: "totalOpened", rate: "openRate" },
  clicked: { total: "totalClicked", rate: "clickRate" },
  bounced: { total: "totalBounced", rate: "bounceRate" },
};

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5";

/** Sent, delivered, opened, clicked and bounced for the period, each with its share of sent. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary }) {
  return (
    <dl className={GRID}>
      {SERIES.map((s) => {
        const { total, rate } = FIGURES[s.key];
        return (
          <div
            key={s.key}
            data-testid={`summary-${s.key}`}
            className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <dt className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: s.color }} />
              {s.label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{count(summary[total])}</dd>
            <dd className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              {rate ? `${percent(summary[rate])} of sent` : "one per recipient"}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <div className={GRID} aria-hidden="true">
      {SERIES.map((s) => (
        <div key={s.key} className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
          <Skeleton className="h-4 w-16" />
          <Skeleton className="h-7 w-12" />
          <Skeleton className="h-3 w-20" />
        </div>
      ))}
    </div>
  );
}
