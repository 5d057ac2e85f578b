"use client";

import { useId, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteUseCase, useMakeDefaultUseCase, useUseCases, type UseCase } from "@/hooks/use-cases";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { UseCaseRow } from "@/components/use-cases/use-case-row";
import { UseCaseDialog } from "@/components/use-cases/use-case-dialog";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at the use cases but not add them; ask a member, admin or owner.";
const NO_CHANGE = "Make default, Edit and Delete are off: viewers cannot change use cases.";
const NO_DEFAULT = "Make default is off: only admins and owners choose the organization's default use case.";

/** The organization's use cases: add one, rename or redescribe it, make it the default, delete it. */
export function UseCasesView({ role }: { role: Role }) {
  const canManage = roleHas(role, "use-cases.manage");
  const canChooseDefault = roleHas(role, "org.manage");
  const restrictedId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<UseCase | null>(null);
  const [deleting, setDeleting] = useState<UseCase | null>(null);
  const useCases = useUseCases({ page, perPage: PER_PAGE });
  const remove = useDeleteUseCase();
  const makeDefault = useMakeDefaultUseCase();
  const list = useCases.data?.items ?? [];
  const openAdd = () => setAdding(true);
  const restriction = !canManage ? NO_CHANGE : !canChooseDefault ? NO_DEFAULT : null;

  return (
    <>
      <PageHeader
        title="Use cases"
        description="Names for the kinds of mail you send, like password resets or a newsletter. A send names one with use_case_id; a send that names none gets the organization's default."
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={openAdd}>
            New use case
          </RestrictedAction>
        }
      />

      <QueryState
        query={useCases}
        loading="Loading use cases…"
        rows={4}
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No use cases yet" action={canManage ? { label: "Add a use case", onClick: openAdd } : undefined}>
            A use case names why you send a message, such as “Password resets” or “Newsletter”. Tag a send with its use_case_id to tell your
            mail apart; sends without one get the organization&apos;s default use case, once you choose one here.
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="use cases" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {restriction && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {restriction}
                </p>
              )}
              <PagedList
                label="Use cases"
                navLabel="Use case pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={list.length}
                query={useCases}
                onPageChange={setPage}
                tally={{ testId: "use-cases-count", one: "use case", many: "use cases", filtered: false }}
              >
                {list.map((u) => (
                  <UseCaseRow
                    key={u.id}
                    useCase={u}
                    canManage={canManage}
                    canChooseDefault={canManage && canChooseDefault}
                    restrictedReasonId={restriction ? restrictedId : undefined}
                    choosingDefault={makeDefault.isPending}
                    onMakeDefault={(x) => makeDefault.mutate(x)}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <UseCaseDialog open={adding} onClose={() => setAdding(false)} />
      <UseCaseDialog key={editing?.id ?? "none"} open={editing !== null} useCase={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        item={deleting}
        title="Delete this use case?"
        description={(deleting) => (
          <>
            <strong className="break-words">{deleting.name}</strong> will be gone. Messages sent with it keep their history but lose the
            link to it
            {deleting.isDefault ? "; it is the default, so sends that name no use case will get none until you choose another" : ""}.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => setPage(pageAfterRemoving(list.length, page))}
      />
    </>
  );
}
