// This month's sends against the plan's allowance: a meter, the figures, and when it renews.
import { DateText } from "@/components/ui/date-text";
import type { Organization } from "@/hooks/organization";

const number = new Intl.NumberFormat("en");

export function AllowanceMeter({ org }: { org: Organization }) {
  const allowance = org.monthlySendAllowance;
  const used = org.sendsThisMonth;
  const share = allowance ? Math.min(used / allowance, 1) : 0;
  const tone = share >= 1 ? "bg-red-600" : share >= 0.8 ? "bg-amber-500" : "bg-brand-600";
  return (
    <div>
      <p className="text-sm">
        <span className="text-2xl font-semibold tabular-nums">{number.format(used)}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          {" "}
          {allowance === null ? "sends this month (no monthly limit)" : `of ${number.format(allowance)} sends this month`}
        </span>
      </p>
      {allowance !== null && (
        <div
          role="meter"
          aria-label="Monthly sends used"
          aria-valuemin={0}
          aria-valuemax={allowance}
          aria-valuenow={Math.min(used, allowance)}
          aria-valuetext={`${number.format(used)} of ${number.format(allowance)} sends (${Math.round(share * 100)}%)`}
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div className={`h-full ${tone}`} style={{ width: `${share * 100}%` }} />
        </div>
      )}
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        {allowance !== null && used >= allowance
          ? "The allowance is used up: sends are refused (429 QUOTA_EXCEEDED) until it renews"
          : "Renews"}{" "}
        <DateText value={org.allowanceResetsAt} show="date" />. Sends count when they are accepted; refused ones do not.
      </p>
    </div>
  );
}
