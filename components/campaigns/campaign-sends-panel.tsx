"use client";

import { useState } from "react";
import Link from "next/link";
import { SEND_STATUSES } from "@/lib/campaigns/schemas";
import { useCampaignSends, type CampaignSend, type CampaignStatus } from "@/hooks/campaigns";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryState } from "@/components/ui/query-state";
import { PagedList } from "@/components/ui/paged-list";

const PER_PAGE = 50;
const TONE = { pending: "neutral", sending: "brand", sent: "success", failed: "danger", skipped: "neutral" } as const;
/** What a skipped row's reason means. */
const SKIPPED: Record<string, string> = {
  unsubscribed: "the contact unsubscribed",
  suppressed: "on the suppression list",
  test_mode: "test mode: not on a test list",
  cancelled: "the campaign was cancelled",
};

function SendRow({ send: s }: { send: CampaignSend }) {
  return (
    <li className="flex flex-col gap-1 px-4 py-2 sm:flex-row sm:items-center sm:justify-between" data-testid="campaign-send-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="break-all">{s.email}</span>
          <Badge tone={TONE[s.status]}>{s.status}</Badge>
        </div>
        {s.reason && (
          <p className="text-xs break-words text-zinc-600 dark:text-zinc-400">
            {s.status === "skipped" ? (SKIPPED[s.reason] ?? s.reason) : s.reason}
          </p>
        )}
      </div>
      <div className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
        {s.sentAt && <DateText value={s.sentAt} show="seconds" />}
        {s.messageId && (
          <Link href={`/messages/${s.messageId}`} className="ml-2 text-brand-600 hover:underline dark:text-brand-500">
            Message
          </Link>
        )}
      </div>
    </li>
  );
}

/** The campaign's recipients and what became of each, filtered by status. */
export function CampaignSendsPanel({ campaignId, campaignStatus }: { campaignId: string; campaignStatus: CampaignStatus }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CampaignSend["status"] | "">("");
  const sends = useCampaignSends(campaignId, { page, perPage: PER_PAGE, status: status || undefined, campaignStatus });
  const list = sends.data?.items ?? [];
  return (
    <section aria-labelledby="campaign-sends-heading">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="campaign-sends-heading" className="text-lg font-semibold">
          Recipients
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="campaign-sends-filter" className="text-sm">
            Status
          </label>
          <select
            id="campaign-sends-filter"
            className="input w-auto"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CampaignSend["status"] | "");
              setPage(1);
            }}
          >
            <option value="">All</option>
            {SEND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={sends}
        loading="Loading recipients…"
        rows={3}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title={status ? `No ${status} recipients` : "No recipients yet"}>
            Recipients are taken from the list when the campaign starts: its subscribed contacts are sent to, unsubscribed ones are listed
            as skipped.
          </EmptyState>
        }
      >
        {(data) => (
          <PagedList
            label="Recipients"
            navLabel="Recipient pages"
            page={page}
            pageSize={PER_PAGE}
            total={data.pagination.total}
            count={list.length}
            query={sends}
            onPageChange={setPage}
            tally={{ testId: "campaign-sends-count", one: "recipient", many: "recipients", filtered: Boolean(status) }}
          >
            {list.map((s) => (
              <SendRow key={s.id} send={s} />
            ))}
          </PagedList>
        )}
      </QueryState>
    </section>
  );
}
