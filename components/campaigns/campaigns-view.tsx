"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { CAMPAIGN_STATUSES, type CampaignStatus } from "@/lib/campaigns/schemas";
import { useCampaigns } from "@/hooks/campaigns";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PagedList, PastLastPage } from "@/components/ui/paged-list";
import { CampaignRow } from "@/components/campaigns/campaign-row";
import { CampaignDialog } from "@/components/campaigns/campaign-dialog";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at campaigns but not create or send them; ask a member, admin or owner.";

/** The organization's campaigns, newest first, filtered by status; members create drafts here. */
export function CampaignsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "campaigns.manage");
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<CampaignStatus | "">("");
  const [adding, setAdding] = useState(false);
  const campaigns = useCampaigns({ page, perPage: PER_PAGE, status: status || undefined });
  const list = campaigns.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="One email to every subscribed contact of a list, from one of your senders. Start a draft now or at a set time; pause, resume or cancel it while it sends, and follow its deliveries, opens and clicks."
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={() => setAdding(true)}>
            New campaign
          </RestrictedAction>
        }
      />

      <div className="mb-4 flex items-center gap-2">
        <label htmlFor="campaign-status-filter" className="text-sm">
          Status
        </label>
        <select
          id="campaign-status-filter"
          className="input w-auto"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CampaignStatus | "");
            setPage(1);
          }}
        >
          <option value="">All</option>
          {CAMPAIGN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </div>

      <QueryState
        query={campaigns}
        loading="Loading campaigns…"
        rows={4}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState
            title={status ? `No ${status} campaigns` : "No campaigns yet"}
            action={canManage && !status ? { label: "Create a campaign", onClick: () => setAdding(true) } : undefined}
          >
            A campaign sends one email to a list of contacts: choose the list, the sender, and a template or content of its own. It starts
            as a draft you can send now or schedule.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="campaigns" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <PagedList
              label="Campaigns"
              navLabel="Campaign pages"
              page={page}
              pageSize={PER_PAGE}
              total={data.pagination.total}
              count={list.length}
              query={campaigns}
              onPageChange={setPage}
              tally={{ testId: "campaigns-count", one: "campaign", many: "campaigns", filtered: Boolean(status) }}
            >
              {list.map((c) => (
                <CampaignRow key={c.id} campaign={c} />
              ))}
            </PagedList>
          )
        }
      </QueryState>

      <CampaignDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
