import type { Provider } from "@/hooks/providers";

const WINDOWS = [
  { unit: "minute", used: "usageMinute", limit: "rateLimitPerMinute" },
  { unit: "hour", used: "usageHour", limit: "rateLimitPerHour" },
  { unit: "day", used: "usageDay", limit: "rateLimitPerDay" },
] as const;

/** Sends in the rolling minute, hour and day against each limit, e.g. "usage 3 / 10 per minute". */
export function ProviderUsage({ provider }: { provider: Provider }) {
  return (
    <dl className="grid grid-cols-1 gap-2 text-xs sm:grid-cols-3">
      {WINDOWS.map(({ unit, used, limit }) => {
        const count = provider[used];
        const max = provider[limit];
        const ratio = max ? Math.min(1, count / max) : 0;
        const bar = ratio >= 1 ? "bg-red-500" : ratio >= 0.8 ? "bg-amber-500" : "bg-brand-500";
        return (
          <div key={unit}>
            <dt className="sr-only">Per {unit}</dt>
            <dd className="text-zinc-600 dark:text-zinc-400">
              {max ? (
                <>
                  usage {count} / {max} per {unit}
                  {ratio >= 1 && <span className="font-medium text-red-600 dark:text-red-400"> (at limit)</span>}
                </>
              ) : (
                <>
                  usage {count} per {unit} <span className="text-zinc-400 dark:text-zinc-500">(no limit)</span>
                </>
              )}
              {max !== null && (
                <span aria-hidden="true" className="mt-1 block h-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800">
                  <span className={`block h-full ${bar}`} style={{ width: `${Math.round(ratio * 100)}%` }} />
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
