"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import {
  useDeleteSequence,
  useListOptions,
  useSenderOptions,
  useSequence,
  useSetSequenceStatus,
  useTemplateOptions,
  type SequenceDetail,
} from "@/hooks/sequences";
import { PageHeader } from "@/components/ui/page-header";
import { ActionButton } from "@/components/ui/action-button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailItem } from "@/components/ui/detail-item";
import { QueryState } from "@/components/ui/query-state";
import { SequenceDialog } from "@/components/sequences/sequence-dialog";
import { SequenceStatusBadge } from "@/components/sequences/status-badge";
import { StepStatsTable } from "@/components/sequences/step-stats-table";
import { EnrolmentsPanel } from "@/components/sequences/enrolments-panel";
import { EnrolDialog } from "@/components/sequences/enrol-dialog";
import { templateNameMap } from "@/components/sequences/step-summary";

const NO_CHANGE = "Viewers can look at this sequence but not change it, enrol contacts or remove them.";

const nameOf = (options: { id: string; label: string }[] | undefined, id: string | null, none: string) =>
  id ? (options?.find((o) => o.id === id)?.label ?? "…") : none;

/** One sequence: its settings, per-step stats and enrolments; managers pause, edit, delete and enrol. */
export function SequenceDetailView({ id, role }: { id: string; role: Role }) {
  const canManage = roleHas(role, "sequences.manage");
  const restrictedId = useId();
  const router = useRouter();
  const sequence = useSequence(id);
  const templates = useTemplateOptions();
  const lists = useListOptions();
  const senders = useSenderOptions();
  const toggle = useSetSequenceStatus();
  const remove = useDeleteSequence();
  const [editing, setEditing] = useState(false);
  const [enrolling, setEnrolling] = useState(false);
  const [deleting, setDeleting] = useState(false);

  /** The page once the sequence is loaded. */
  function loaded(s: SequenceDetail) {
    const e = s.enrolments;
    const x = s.stats.exits;
    const describedBy = canManage ? undefined : restrictedId;

    return (
      <>
        <PageHeader
          title={s.name}
          description="Each step sends its template after its wait. Contacts leave when they reply or unsubscribe; stats count each step's messages."
          action={
            <div className="flex flex-wrap gap-2">
              <ActionButton className="btn-primary" onClick={() => setEnrolling(true)} disabled={!canManage} aria-describedby={describedBy}>
                Enrol contacts
              </ActionButton>
              <ActionButton
                className="btn-secondary"
                onClick={() => toggle.mutate({ id: s.id, status: s.status === "active" ? "paused" : "active" })}
                disabled={!canManage || toggle.isPending}
                aria-describedby={describedBy}
              >
                {s.status === "active" ? "Pause" : "Resume"}
              </ActionButton>
              <ActionButton className="btn-secondary" onClick={() => setEditing(true)} disabled={!canManage} aria-describedby={describedBy}>
                Edit
              </ActionButton>
              <ActionButton
                className="btn-secondary"
                onClick={() => setDeleting(true)}
                disabled={!canManage}
                aria-describedby={describedBy}
              >
                Delete
              </ActionButton>
            </div>
          }
        />
        {!canManage && (
          <p id={restrictedId} className="-mt-4 mb-4 text-xs text-zinc-500 dark:text-zinc-400">
            {NO_CHANGE}
          </p>
        )}

        <dl className="mb-6 grid grid-cols-2 gap-4 rounded-lg border border-zinc-200 bg-white p-4 text-sm sm:grid-cols-4 dark:border-zinc-800 dark:bg-zinc-900">
          <DetailItem label="Status">
            <SequenceStatusBadge status={s.status} />
          </DetailItem>
          <DetailItem label="Trigger list">{nameOf(lists.data, s.triggerListId, "None")}</DetailItem>
          <DetailItem label="Sender">{nameOf(senders.data, s.senderId, "Instance default address")}</DetailItem>
          <DetailItem label="Enrolled">
            <span data-testid="enrolment-counts">
              {e.total} ({e.active} active, {e.completed} completed, {e.exited} exited{e.failed ? `, ${e.failed} failed` : ""})
            </span>
          </DetailItem>
          <DetailItem label="Exits" wide>
            {x.replied} replied · {x.unsubscribed} unsubscribed · {x.suppressed} suppressed · {x.removed} removed
          </DetailItem>
        </dl>

        <h2 className="mb-2 text-lg font-semibold">Steps</h2>
        <StepStatsTable sequence={s} templateNames={templateNameMap(templates.data)} />

        <EnrolmentsPanel sequenceId={s.id} stepCount={s.steps.length} canManage={canManage} restrictedReasonId={describedBy} />

        <SequenceDialog key={`${s.id}-${s.updatedAt}`} open={editing} sequence={s} onClose={() => setEditing(false)} />
        <EnrolDialog sequenceId={s.id} open={enrolling} onClose={() => setEnrolling(false)} />
        <ConfirmDialog
          open={deleting}
          title="Delete this sequence?"
          description={
            <>
              <strong className="break-words">{s.name}</strong> will be gone with its {e.total} enrolments and stats; nothing more is sent
              from it. Messages already sent keep their history.
            </>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.error?.message}
          onClose={() => {
            setDeleting(false);
            remove.reset();
          }}
          onConfirm={() => remove.mutate(s, { onSuccess: () => router.push("/sequences") })}
        />
      </>
    );
  }

  return (
    <>
      <Link href="/sequences" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
        <span aria-hidden="true">← </span>All sequences
      </Link>
      <QueryState query={sequence} loading="Loading the sequence…" rows={4}>
        {loaded}
      </QueryState>
    </>
  );
}
