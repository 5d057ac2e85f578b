"use client";

import Link from "next/link";
import { DateText } from "@/components/ui/date-text";
import type { ScheduledEmail } from "@/hooks/scheduled";
import { Badge } from "@/components/ui/badge";

/** A send accepted for later: when it goes, and where to follow or cancel it. */
export function ScheduledResultCard({ scheduled }: { scheduled: ScheduledEmail }) {
  return (
    <section
      aria-labelledby="scheduled-result-heading"
      className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="send-result"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="scheduled-result-heading" className="text-lg font-semibold">
          Scheduled
        </h2>
        <Badge tone="brand">{scheduled.status}</Badge>
      </div>
      <p className="mt-3 text-sm">
        It goes out at <DateText value={scheduled.scheduledFor} show="zoned" />, checked again then against test mode and your allowance.
        Failed sends are retried up to {scheduled.maxRetries} times.
      </p>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        Scheduled id <code className="font-mono break-all">{scheduled.id}</code>
      </p>
      <Link href="/scheduled" className="btn-secondary mt-4">
        Follow or cancel it on the Scheduled page
      </Link>
    </section>
  );
}
