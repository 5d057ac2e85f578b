"use client";

import Link from "next/link";
import type { Campaign } from "@/hooks/campaigns";
import { DateText } from "@/components/ui/date-text";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { CampaignProgress } from "@/components/campaigns/campaign-progress";

/** One campaign in the list: its name (to its page), status, progress and when. */
export function CampaignRow({ campaign: c }: { campaign: Campaign }) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="campaign-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`/campaigns/${c.id}`} className="font-medium break-words text-brand-600 hover:underline dark:text-brand-500">
            {c.name}
          </Link>
          <CampaignStatusBadge status={c.status} />
        </div>
        {c.statusReason && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{c.statusReason}</p>}
        <CampaignProgress counts={c.counts} />
      </div>
      <div className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
        {c.status === "scheduled" && c.scheduledAt ? (
          <>
            Starts <DateText value={c.scheduledAt} show="zoned" />
          </>
        ) : c.finishedAt ? (
          <>
            Ended <DateText value={c.finishedAt} show="time" />
          </>
        ) : c.startedAt ? (
          <>
            Started <DateText value={c.startedAt} show="time" />
          </>
        ) : (
          <>
            Created <DateText value={c.createdAt} show="time" />
          </>
        )}
      </div>
    </li>
  );
}
