"use client";

import { useState } from "react";
import { ENROLMENT_STATUSES } from "@/lib/sequences/schemas";
import { useEnrolments, useRemoveEnrolment, type Enrolment, type EnrolmentStatus } from "@/hooks/sequences";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { PagedList, PastLastPage } from "@/components/ui/paged-list";

const PER_PAGE = 20;
const TONE = { active: "brand", completed: "success", exited: "neutral", failed: "danger" } as const;
const EXIT = { replied: "replied", unsubscribed: "unsubscribed", suppressed: "suppressed", removed: "removed" } as const;

function EnrolmentRow({
  e,
  stepCount,
  canManage,
  restrictedReasonId,
  busy,
  onRemove,
}: {
  e: Enrolment;
  stepCount: number;
  canManage: boolean;
  restrictedReasonId?: string;
  busy: boolean;
  onRemove: (e: Enrolment) => void;
}) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="enrolment-row">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{e.email}</span>
          <Badge tone={TONE[e.status]}>
            {e.status}
            {e.exitReason ? `: ${EXIT[e.exitReason]}` : ""}
          </Badge>
        </div>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          Enrolled <DateText value={e.enrolledAt} show="time" /> ({e.source})
          {e.status === "active" && e.nextRunAt && (
            <>
              {" "}
              · step {Math.min(e.nextStep + 1, stepCount)} of {stepCount} due <DateText value={e.nextRunAt} show="time" />
            </>
          )}
          {e.finishedAt && (
            <>
              {" "}
              · ended <DateText value={e.finishedAt} show="time" />
            </>
          )}
        </p>
        {e.error && <p className="mt-1 text-xs break-words text-red-600 dark:text-red-400">{e.error}</p>}
      </div>
      {e.status === "active" && (
        <ActionButton
          className="btn-secondary shrink-0 self-start py-1.5 sm:self-center"
          onClick={() => onRemove(e)}
          disabled={!canManage || busy}
          aria-describedby={canManage ? undefined : restrictedReasonId}
        >
          Remove<span className="sr-only"> {e.email}</span>
        </ActionButton>
      )}
    </li>
  );
}

/** The sequence's enrolments, newest first, filtered by status; managers take active ones out. */
export function EnrolmentsPanel({
  sequenceId,
  stepCount,
  canManage,
  restrictedReasonId,
}: {
  sequenceId: string;
  stepCount: number;
  canManage: boolean;
  restrictedReasonId?: string;
}) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<EnrolmentStatus | "">("");
  const enrolments = useEnrolments(sequenceId, page, PER_PAGE, status || undefined);
  const remove = useRemoveEnrolment(sequenceId);
  const list = enrolments.data?.items ?? [];

  return (
    <section aria-labelledby="enrolments-heading" className="mt-8">
      <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
        <h2 id="enrolments-heading" className="text-lg font-semibold">
          Enrolments
        </h2>
        <label className="text-sm">
          <span className="mr-2 text-zinc-600 dark:text-zinc-400">Status</span>
          <select
            className="input inline-block w-auto"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as EnrolmentStatus | "");
              setPage(1);
            }}
          >
            <option value="">All</option>
            {ENROLMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState
        query={enrolments}
        loading="Loading enrolments…"
        rows={3}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title={status ? `No ${status} enrolments` : "Nobody enrolled yet"}>
            Contacts enrol when they join the trigger list, through the API, or with Enrol contacts above.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="enrolments" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <PagedList
              label="Enrolments"
              navLabel="Enrolment pages"
              page={page}
              pageSize={PER_PAGE}
              total={data.pagination.total}
              count={list.length}
              query={enrolments}
              onPageChange={setPage}
              tally={{ testId: "enrolments-count", one: "enrolment", many: "enrolments", filtered: status !== "" }}
            >
              {list.map((e) => (
                <EnrolmentRow
                  key={e.id}
                  e={e}
                  stepCount={stepCount}
                  canManage={canManage}
                  restrictedReasonId={restrictedReasonId}
                  busy={remove.isPending}
                  onRemove={(x) => remove.mutate(x)}
                />
              ))}
            </PagedList>
          )
        }
      </QueryState>
    </section>
  );
}
