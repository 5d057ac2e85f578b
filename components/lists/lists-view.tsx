"use client";

import { useId, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteList, useLists, type ContactList } from "@/hooks/lists";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { ListRow } from "@/components/lists/list-row";
import { ListDialog } from "@/components/lists/list-dialog";
import { MembersDialog } from "@/components/lists/members-dialog";

const PER_PAGE = 25;
const NO_ADD = "Viewers can look at lists and their members but not change them; ask a member, admin or owner.";
const NO_CHANGE = "Edit and Delete are off: viewers cannot change lists.";

/** The organization's contact lists with their counts: create, rename, delete, see and change members. */
export function ListsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "lists.manage");
  const restrictedId = useId();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ContactList | null>(null);
  const [deleting, setDeleting] = useState<ContactList | null>(null);
  const [membersOf, setMembersOf] = useState<ContactList | null>(null);
  const lists = useLists(page, PER_PAGE);
  const remove = useDeleteList();
  const items = lists.data?.items ?? [];

  return (
    <>
      <PageHeader
        title="Lists"
        description="Static lists of contacts. Campaigns send to a list; a sequence can start for each contact who joins one. Add contacts here, from the Contacts page's CSV import, or through the API."
        action={
          <RestrictedAction allowed={canManage} reason={NO_ADD} onClick={() => setAdding(true)}>
            New list
          </RestrictedAction>
        }
      />

      <QueryState
        query={lists}
        loading="Loading lists…"
        rows={4}
        isEmpty={(data) => data.pagination.total === 0}
        empty={<EmptyState title="No lists yet">Create a list, then add contacts to it by address or with a CSV import.</EmptyState>}
      >
        {(data) =>
          items.length === 0 ? (
            <PastLastPage noun="lists" total={data.pagination.total} onFirstPage={() => setPage(1)} />
          ) : (
            <>
              {!canManage && (
                <p id={restrictedId} className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                  {NO_CHANGE}
                </p>
              )}
              <PagedList
                label="Lists"
                navLabel="List pages"
                page={page}
                pageSize={PER_PAGE}
                total={data.pagination.total}
                count={items.length}
                query={lists}
                onPageChange={setPage}
                tally={{ testId: "lists-count", one: "list", many: "lists", filtered: false }}
              >
                {items.map((l) => (
                  <ListRow
                    key={l.id}
                    list={l}
                    canManage={canManage}
                    restrictedReasonId={restrictedId}
                    onMembers={setMembersOf}
                    onEdit={setEditing}
                    onDelete={setDeleting}
                  />
                ))}
              </PagedList>
            </>
          )
        }
      </QueryState>

      <ListDialog open={adding} onClose={() => setAdding(false)} />
      <ListDialog key={`edit-${editing?.id ?? "new"}`} open={editing !== null} list={editing} onClose={() => setEditing(null)} />
      <MembersDialog key={`members-${membersOf?.id ?? "none"}`} list={membersOf} canManage={canManage} onClose={() => setMembersOf(null)} />
      <DeleteDialog
        item={deleting}
        title="Delete this list?"
        description={(deleting) => (
          <>
            <strong className="break-words">{deleting.name}</strong> will be gone; its {deleting.members} contacts stay. Campaigns and
            sequences that use it will have no list.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => setPage(pageAfterRemoving(items.length, page))}
      />
    </>
  );
}
