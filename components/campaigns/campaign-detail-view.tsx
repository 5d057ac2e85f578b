"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import {
  useCampaign,
  useCampaignAction,
  useDeleteCampaign,
  useListOptions,
  useSenderOptions,
  useTemplateOptions,
  useUseCaseOptions,
  type CampaignDetail,
  type Option,
} from "@/hooks/campaigns";
import { PageHeader } from "@/components/ui/page-header";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailItem } from "@/components/ui/detail-item";
import { DateText } from "@/components/ui/date-text";
import { QueryState } from "@/components/ui/query-state";
import { CampaignStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { CampaignProgress } from "@/components/campaigns/campaign-progress";
import { CampaignStatsPanel } from "@/components/campaigns/campaign-stats-panel";
import { CampaignSendsPanel } from "@/components/campaigns/campaign-sends-panel";
import { CampaignActions, type Confirmable } from "@/components/campaigns/campaign-actions";
import { CampaignDialog } from "@/components/campaigns/campaign-dialog";
import { ScheduleDialog } from "@/components/campaigns/schedule-dialog";

const NO_CHANGE = "Viewers can follow this campaign but not edit, send, pause or cancel it.";

const nameOf = (options: Option[] | undefined, id: string | null, none: string) =>
  id ? (options?.find((o) => o.id === id)?.label ?? "…") : none;

const CONFIRM: Record<Confirmable, { title: string; label: string; pending: string }> = {
  send: { title: "Send this campaign now?", label: "Send now", pending: "Starting…" },
  cancel: { title: "Cancel this campaign?", label: "Cancel campaign", pending: "Cancelling…" },
  delete: { title: "Delete this draft?", label: "Delete", pending: "Deleting…" },
};

/** One campaign: what it sends to whom, its state and the actions that state allows, its stats and recipients. */
export function CampaignDetailView({ id, role }: { id: string; role: Role }) {
  const canManage = roleHas(role, "campaigns.manage");
  const restrictedId = useId();
  const router = useRouter();
  const campaign = useCampaign(id);
  const lists = useListOptions();
  const senders = useSenderOptions();
  const templates = useTemplateOptions();
  const useCases = useUseCaseOptions();
  const act = useCampaignAction();
  const confirmAct = useCampaignAction({ inline: true });
  const remove = useDeleteCampaign();
  // Snapshots of the campaign when a dialog opened: polling refreshes the page, not an open form.
  const [editing, setEditing] = useState<CampaignDetail | null>(null);
  const [scheduling, setScheduling] = useState<CampaignDetail | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);

  /** The page once the campaign is loaded. */
  function loaded(c: CampaignDetail) {
    const confirmPending = confirming === "delete" ? remove.isPending : confirmAct.isPending;
    const confirmError = confirming === "delete" ? remove.error?.message : confirmAct.error?.message;

    function closeConfirm() {
      setConfirming(null);
      confirmAct.reset();
      remove.reset();
    }

    function confirm() {
      if (confirming === "delete") remove.mutate(c, { onSuccess: () => router.push("/campaigns") });
      else if (confirming) confirmAct.mutate({ id: c.id, action: confirming }, { onSuccess: closeConfirm });
    }

    const listName = nameOf(lists.data, c.listId, "A deleted list");
    const description: Record<Confirmable, React.ReactNode> = {
      send: (
        <>
          <strong className="break-words">{c.name}</strong> goes to every subscribed contact of <strong>{listName}</strong> as it is now.
          You can pause or cancel it while it sends.
        </>
      ),
      cancel: (
        <>
          Recipients not sent to yet are skipped; messages already sent, or going out right now, are not recalled. A cancelled campaign
          cannot be restarted.
        </>
      ),
      delete: (
        <>
          <strong className="break-words">{c.name}</strong> will be gone. Nothing was sent from it.
        </>
      ),
    };

    return (
      <>
        <PageHeader
          title={c.name}
          description="Sent once to each subscribed contact of its list. Suppressed addresses are skipped, and in test mode only addresses on a test list get it."
          action={
            <CampaignActions
              campaign={c}
              canManage={canManage}
              restrictedReasonId={canManage ? undefined : restrictedId}
              busy={act.isPending}
              onAct={(action) => act.mutate({ id: c.id, action })}
              onConfirm={setConfirming}
              onEdit={() => setEditing(c)}
              onSchedule={() => setScheduling(c)}
            />
          }
        />
        {!canManage && (
          <p id={restrictedId} className="-mt-4 mb-4 text-xs text-zinc-500 dark:text-zinc-400">
            {NO_CHANGE}
          </p>
        )}
        {c.statusReason && (
          <div
            role="status"
            className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
          >
            {c.statusReason}
          </div>
        )}

        <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-zinc-200 bg-white p-4 text-sm sm:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-900">
          <DetailItem label="Status">
            <span data-testid="campaign-status">
              <CampaignStatusBadge status={c.status} />
            </span>
          </DetailItem>
          <DetailItem label="List">{listName}</DetailItem>
          <DetailItem label="Sender">{nameOf(senders.data, c.senderId, "A deleted sender")}</DetailItem>
          <DetailItem label="Use case">{nameOf(useCases.data, c.useCaseId, "The organization's default")}</DetailItem>
          <DetailItem label="Content" wide>
            {c.templateId ? (
              <>
                Template {nameOf(templates.data, c.templateId, "")}
                {c.templateVersion ? ` (version ${c.templateVersion})` : " (its current version when it starts)"}
              </>
            ) : (
              <>Subject: {c.subject}</>
            )}
          </DetailItem>
          <DetailItem label={c.status === "scheduled" ? "Starts" : "Started"}>
            {c.status === "scheduled" && c.scheduledAt ? (
              <DateText value={c.scheduledAt} show="zoned" />
            ) : c.startedAt ? (
              <DateText value={c.startedAt} show="time" />
            ) : (
              "Not yet"
            )}
          </DetailItem>
          <DetailItem label="Ended">{c.finishedAt ? <DateText value={c.finishedAt} show="time" /> : "—"}</DetailItem>
          <DetailItem label="Progress" wide>
            {c.counts.recipients ? <CampaignProgress counts={c.counts} /> : "No recipients yet"}
          </DetailItem>
        </dl>

        <CampaignStatsPanel stats={c.stats} />
        <CampaignSendsPanel campaignId={c.id} campaignStatus={c.status} />

        <CampaignDialog
          key={editing ? `edit-${editing.updatedAt}` : "edit"}
          open={editing !== null}
          campaign={editing ?? c}
          onClose={() => setEditing(null)}
        />
        <ScheduleDialog
          key={scheduling ? `schedule-${scheduling.updatedAt}` : "schedule"}
          open={scheduling !== null}
          campaign={scheduling ?? c}
          onClose={() => setScheduling(null)}
        />
        <ConfirmDialog
          open={confirming !== null}
          title={confirming ? CONFIRM[confirming].title : ""}
          description={confirming ? description[confirming] : null}
          confirmLabel={confirming ? CONFIRM[confirming].label : ""}
          pendingLabel={confirming ? CONFIRM[confirming].pending : undefined}
          pending={confirmPending}
          error={confirmError}
          onClose={closeConfirm}
          onConfirm={confirm}
        />
      </>
    );
  }

  return (
    <>
      <Link href="/campaigns" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
        <span aria-hidden="true">← </span>All campaigns
      </Link>
      <QueryState query={campaign} loading="Loading the campaign…" rows={4}>
        {loaded}
      </QueryState>
    </>
  );
}
