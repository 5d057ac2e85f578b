"use client";

import { useId, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useSequences, useSetSequenceStatus, useTemplateOptions, type Sequence } from "@/hooks/sequences";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PagedList, PastLastPage } from "@/components/ui/paged-list";
import { SequenceRow } from "@/components/sequences/sequence-row";
import { SequenceDialog } from "@/components/sequences/sequence-dialog";
import { templateNameMap } from "@/components/sequences/step-summary";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at sequences but not add them; ask a member, admin or owner.";
const NO_CHANGE = "Pause and Resume are off: viewers cannot change sequences.";

/** The organization's sequences: each with its steps and enrolment counts; add one, pause or resume one. */
export function SequencesView({ role }: { role: Role }) {
  const canManage = roleHas(role, "sequences.manage");
  const restrictedId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const sequences = useSequences(page, PER_PAGE);
  const templates = useTemplateOptions();
  const toggle = useSetSequenceStatus();
  const list = sequences.data?.items ?? [];
  const templateNames = templateNameMap(templates.data);
  const openAdd = () => setAdding(true);
  const onToggle = (s: Sequence) => toggle.mutate({ id: s.id, status: s.status === "active" ? "paused" : "active" });

  return (
    <>
      <PageHeader
        title="Sequences"
        description="Series of emails sent one after another, each after its wait: a welcome series, an onboarding drip. Contacts enrol by joining a list or through the API, and leave when they reply or unsubscribe."
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={openAdd}>
            New sequence
          </RestrictedAction>
        }
      />

      <QueryState
        query={sequences}
        loading="Loading sequences…"
        rows={3}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No sequences yet" action={canManage ? { label: "Create a sequence", onClick: openAdd } : undefined}>
            A sequence sends templates in order, with a wait before each: say a welcome at once, tips two days later and an offer a week
            after. Pick a trigger list and everyone added to it goes through the sequence once.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="sequences" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_CHANGE}
                </p>
              )}
              <PagedList
                label="Sequences"
                navLabel="Sequence pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={sequences}
                onPageChange={setPage}
                tally={{ testId: "sequences-count", one: "sequence", many: "sequences", filtered: false }}
              >
                {list.map((s) => (
                  <SequenceRow
                    key={s.id}
                    sequence={s}
                    templateNames={templateNames}
                    canManage={canManage}
                    restrictedReasonId={canManage ? undefined : restrictedId}
                    busy={toggle.isPending}
                    onToggle={onToggle}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <SequenceDialog open={adding} onClose={() => setAdding(false)} />
    </>
  );
}
