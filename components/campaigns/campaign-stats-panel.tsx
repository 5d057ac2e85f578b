import type { CampaignDetail } from "@/hooks/campaigns";

const percent = (r: number) => `${Math.round(r * 100)}%`;

function Stat({ label, value, note, testId }: { label: string; value: number; note?: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-stat={testId}>
        {value}
        {note && <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">{note}</span>}
      </dd>
    </div>
  );
}

/** Recipients by outcome, then what the sent messages' events say, with rates of sent. */
export function CampaignStatsPanel({ stats: s }: { stats: CampaignDetail["stats"] }) {
  const skipped = Object.entries(s.skippedBy)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${n} ${reason.replace("_", " ")}`)
    .join(", ");
  return (
    <section aria-labelledby="campaign-stats-heading" className="mb-6">
      <h2 id="campaign-stats-heading" className="mb-2 text-lg font-semibold">
        Stats
      </h2>
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-zinc-200 bg-white p-4 sm:grid-cols-6 dark:border-zinc-800 dark:bg-zinc-900">
        <Stat label="Recipients" value={s.recipients} testId="recipients" />
        <Stat label="Pending" value={s.pending + s.sending} testId="pending" />
        <Stat label="Sent" value={s.sent} testId="sent" />
        <Stat label="Failed" value={s.failed} testId="failed" />
        <Stat label="Skipped" value={s.skipped} testId="skipped" />
        <Stat label="Delivered" value={s.delivered} note={percent(s.deliveryRate)} testId="delivered" />
        <Stat label="Opened" value={s.opened} note={percent(s.openRate)} testId="opened" />
        <Stat label="Clicked" value={s.clicked} note={percent(s.clickRate)} testId="clicked" />
        <Stat label="Bounced" value={s.bounced} note={percent(s.bounceRate)} testId="bounced" />
        <Stat label="Complaints" value={s.complained} note={percent(s.complaintRate)} testId="complained" />
        <Stat label="Unsubscribed" value={s.unsubscribed} note={percent(s.unsubscribeRate)} testId="unsubscribed" />
      </dl>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Opens and clicks count people, not machines (link scanners, prefetching); rates are of sent messages.
        {skipped ? ` Skipped: ${skipped}.` : ""}
      </p>
    </section>
  );
}
