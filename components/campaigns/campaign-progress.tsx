import type { Campaign } from "@/lib/campaigns/schemas";

/** "12 of 40 sent · 2 failed · 3 skipped", with a bar, once the campaign has recipients. */
export function CampaignProgress({ counts }: { counts: Campaign["counts"] }) {
  if (counts.recipients === 0) return null;
  const done = counts.sent + counts.failed + counts.skipped;
  const percent = Math.round((done / counts.recipients) * 100);
  return (
    <div className="mt-1 max-w-sm">
      <div
        className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        role="progressbar"
        aria-label="Recipients done"
        aria-valuemin={0}
        aria-valuemax={counts.recipients}
        aria-valuenow={done}
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-zinc-600 tabular-nums dark:text-zinc-400" data-testid="campaign-progress">
        {counts.sent} of {counts.recipients} sent
        {counts.failed ? ` · ${counts.failed} failed` : ""}
        {counts.skipped ? ` · ${counts.skipped} skipped` : ""}
        {counts.pending + counts.sending ? ` · ${counts.pending + counts.sending} to go` : ""}
      </p>
    </div>
  );
}
