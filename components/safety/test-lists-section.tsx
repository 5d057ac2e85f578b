"use client";

import { useState } from "react";
import { useDeleteTestList, useSendMode, useTestLists, type TestList } from "@/hooks/safety";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TestListItem } from "@/components/safety/test-list-item";
import { CreateTestListDialog } from "@/components/safety/create-test-list-dialog";

/** Test recipient lists; only rendered for roles with safety.configure, as the routes require. */
export function TestListsSection() {
  const lists = useTestLists();
  const settings = useSendMode();
  const remove = useDeleteTestList();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TestList | null>(null);
  const maxSize = settings.data?.testListMaxSize;

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  const createButton = (
    <button type="button" className="btn-primary" onClick={() => setCreating(true)} disabled={maxSize === undefined}>
      Create test list
    </button>
  );

  return (
    <section aria-labelledby="test-lists-heading" className="mt-8">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="test-lists-heading" className="text-lg font-semibold">
            Test lists
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
            In test mode, email is only delivered to addresses on these lists
            {maxSize !== undefined ? ` (at most ${maxSize} per list)` : ""}.
            {settings.data?.mode === "production" && " You are in production now, so they do not limit sending."}
          </p>
        </div>
        {lists.data && lists.data.length > 0 && createButton}
      </div>

      <QueryState
        query={lists}
        loading="Loading test lists…"
        rows={2}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title="No test lists yet"
            action={{ label: "Create test list", onClick: () => setCreating(true), disabled: maxSize === undefined }}
          >
            Create a list with your own address, then send yourself a test email. In test mode, sends to addresses that are on no list are
            refused.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((list) => (
              <TestListItem key={list.id} list={list} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </QueryState>

      {maxSize !== undefined && <CreateTestListDialog open={creating} onClose={() => setCreating(false)} maxSize={maxSize} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete test list?"
        description={
          <>
            In test mode, the addresses on <strong>{deleting?.name}</strong> will no longer receive email unless another list has them. This
            cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeDelete}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: closeDelete })}
      />
    </section>
  );
}
