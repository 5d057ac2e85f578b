"use client";

import { useId, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useRemoveSuppression, useSuppressions, type Suppression, type SuppressionReason } from "@/hooks/suppressions";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { SuppressionFilters } from "@/components/suppressions/suppression-filters";
import { SuppressionRow } from "@/components/suppressions/suppression-row";
import { AddSuppressionDialog } from "@/components/suppressions/add-suppression-dialog";
import { REASON_LABELS } from "@/components/suppressions/reason-labels";
import { RemoveDescription } from "@/components/suppressions/remove-description";

const PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;
const NO_ADD = "Viewers can look at the list but not add addresses; ask a member, admin or owner.";
const NO_REMOVE = "Remove is off: viewers cannot change the suppression list.";

/** The organization's suppressed addresses: search, filter by reason, add one by hand, remove one. */
export function SuppressionsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "contacts.manage");
  const restrictedId = useId();
  const [search, setSearch] = useState("");
  const [reason, setReason] = useState<SuppressionReason | "">("");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const settledSearch = useDebouncedValue(search, SEARCH_DELAY_MS).trim();
  const suppressions = useSuppressions({ page, perPage: PER_PAGE, search: settledSearch, reason });
  const remove = useRemoveSuppression();
  const filtered = Boolean(settledSearch || reason);
  const list = suppressions.data?.items ?? [];
  const openAdd = () => setAdding(true);

  function changeSearch(value: string) {
    setSearch(value);
    setPage(1);
  }

  function changeReason(value: SuppressionReason | "") {
    setReason(value);
    setPage(1);
  }

  function clearFilters() {
    setSearch("");
    setReason("");
    setPage(1);
  }

  function closeRemove() {
    setRemoving(null);
    remove.reset();
  }

  function confirmRemove(s: Suppression) {
    if (!s.email) return; // an erased address is not offered for removal
    remove.mutate(s.email, {
      onSuccess: () => {
        setPage(pageAfterRemoving(list.length, page));
        closeRemove();
      },
    });
  }

  return (
    <>
      <PageHeader
        title="Suppressions"
        description="Addresses Mailroom will not send to: every send to one of them is refused. Hard bounces, spam complaints and unsubscribes add themselves; you can add an address by hand, or remove one so mail to it is sent again."
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={openAdd}>
            Add address
          </RestrictedAction>
        }
      />

      <SuppressionFilters search={search} onSearchChange={changeSearch} reason={reason} onReasonChange={changeReason} />

      <QueryState
        query={suppressions}
        loading="Loading suppressed addresses…"
        rows={5}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          filtered ? (
            <EmptyState title="No addresses match" action={{ label: "Clear search and filter", onClick: clearFilters }}>
              {settledSearch ? (
                <>
                  No {reason ? `${REASON_LABELS[reason].label.toLowerCase()} ` : ""}address has “{settledSearch}” in it.{" "}
                </>
              ) : (
                `No address has the reason ${REASON_LABELS[reason as SuppressionReason].label.toLowerCase()}. `
              )}
              Search matches any part of an address; try fewer letters or any reason.
            </EmptyState>
          ) : (
            <EmptyState title="No suppressed addresses" action={canManage ? { label: "Add an address", onClick: openAdd } : undefined}>
              Addresses land here when mail to them bounces hard, when a recipient marks a message as spam or unsubscribes, or when someone
              adds them by hand. Sends to an address on this list are refused, which protects your sending reputation.
            </EmptyState>
          )
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="addresses" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_REMOVE}
                </p>
              )}
              <PagedList
                label="Suppressed addresses"
                navLabel="Suppression pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={suppressions}
                onPageChange={setPage}
                tally={{ testId: "suppressions-count", one: "address", many: "addresses", filtered }}
              >
                {list.map((s) => (
                  <SuppressionRow
                    key={s.id}
                    suppression={s}
                    canManage={canManage}
                    restrictedReasonId={restrictedId}
                    onRemove={setRemoving}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <AddSuppressionDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the suppression list?"
        description={removing && <RemoveDescription suppression={removing} />}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeRemove}
        onConfirm={() => removing && confirmRemove(removing)}
      />
    </>
  );
}
