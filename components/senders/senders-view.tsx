"use client";

import { useId, useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteSender, useSendConfirmation, useSenders, type Sender } from "@/hooks/senders";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { SenderRow } from "@/components/senders/sender-row";
import { SenderDialog } from "@/components/senders/sender-dialog";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at the senders but not add them; ask a member, admin or owner.";
const NO_CHANGE = "Send confirmation, Rename and Delete are off: viewers cannot change senders.";

/** The organization's senders: add one, have it confirmed, rename it, delete it. */
export function SendersView({ role }: { role: Role }) {
  const canManage = roleHas(role, "senders.manage");
  const restrictedId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Sender | null>(null);
  const [deleting, setDeleting] = useState<Sender | null>(null);
  const senders = useSenders({ page, perPage: PER_PAGE });
  const confirm = useSendConfirmation();
  const remove = useDeleteSender();
  const list = senders.data?.items ?? [];
  const openAdd = () => setAdding(true);

  return (
    <>
      <PageHeader
        title="Senders"
        description={
          <>
            The addresses you send from. In production a send&apos;s from-address must be a verified sender: at a verified{" "}
            <Link href="/domains" className="underline">
              domain
            </Link>
            , or confirmed by its owner through an emailed link. Sends without a from-address use the installation&apos;s default address.
          </>
        }
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={openAdd}>
            Add sender
          </RestrictedAction>
        }
      />

      <QueryState
        query={senders}
        loading="Loading senders…"
        rows={3}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No senders yet" action={canManage ? { label: "Add a sender", onClick: openAdd } : undefined}>
            Add an address you send from, like news@example.com. At a verified domain it is ready at once; anywhere else its owner confirms
            it by email.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="senders" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_CHANGE}
                </p>
              )}
              <PagedList
                label="Senders"
                navLabel="Sender pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={senders}
                onPageChange={setPage}
                tally={{ testId: "senders-count", one: "sender", many: "senders", filtered: false }}
              >
                {list.map((s) => (
                  <SenderRow
                    key={s.id}
                    sender={s}
                    canManage={canManage}
                    restrictedReasonId={canManage ? undefined : restrictedId}
                    sending={confirm.isPending && confirm.variables?.id === s.id}
                    onSendConfirmation={(x) => confirm.mutate(x)}
                    onRename={setRenaming}
                    onDelete={setDeleting}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <SenderDialog open={adding} onClose={() => setAdding(false)} />
      <SenderDialog key={renaming?.id ?? "none"} open={renaming !== null} sender={renaming} onClose={() => setRenaming(null)} />
      <DeleteDialog
        item={deleting}
        title="Delete this sender?"
        description={(deleting) => (
          <>
            <strong className="break-all">{deleting.email}</strong> will be gone
            {deleting.verification === "domain" ? "" : ": in production it can no longer be sent from"}. Mail already sent from it keeps its
            history.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => setPage(pageAfterRemoving(list.length, page))}
      />
    </>
  );
}
