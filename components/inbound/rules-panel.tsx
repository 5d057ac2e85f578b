"use client";
// The Rules tab: the organization's inbound rules in the order they run, a test box for any
// sample message, and (for owners and admins) the editor in place of the list.
import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteRule, useInboundRules, type InboundRule } from "@/hooks/inbound";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PagedList, PastLastPage, pageAfterRemoving } from "@/components/ui/paged-list";
import { RuleItem } from "@/components/inbound/rule-item";
import { RuleEditor } from "@/components/inbound/rule-editor";
import { RuleTestBox } from "@/components/inbound/rule-test-box";

const PAGE_SIZE = 25;
const NO_PERMISSION = "Only owners and admins can create or change inbound rules.";

export function RulesPanel({ role }: { role: Role }) {
  const canManage = roleHas(role, "inbound.manage");
  const [page, setPage] = useState(1);
  const rules = useInboundRules(page, PAGE_SIZE);
  const remove = useDeleteRule();
  // null: the list; "new": creating; a rule: editing it.
  const [editing, setEditing] = useState<InboundRule | "new" | null>(null);
  const [deleting, setDeleting] = useState<InboundRule | null>(null);
  const list = rules.data?.data ?? [];

  if (editing !== null) {
    return (
      <RuleEditor key={editing === "new" ? "new" : editing.id} rule={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
    );
  }

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold">Rules</h2>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
            Each received message runs through the enabled rules, lowest priority number first, until one that drops it or says stop. Every
            matching rule&apos;s actions run.
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
          <RestrictedAction allowed={canManage} reason={NO_PERMISSION} onClick={() => setEditing("new")}>
            New rule
          </RestrictedAction>
        </div>
      </div>

      <QueryState
        query={rules}
        loading="Loading rules…"
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState title="No rules yet" action={canManage ? { label: "Create a rule", onClick: () => setEditing("new") } : undefined}>
            {canManage
              ? "Without rules every received message stays in the inbox. Add one to tag, forward, post to a webhook, auto-reply to or drop the mail that matches."
              : "Without rules every received message stays in the inbox. Ask an owner or admin to add rules."}
          </EmptyState>
        }
      >
        {(data) =>
          list.length === 0 ? (
            <PastLastPage noun="rules" total={data.total} onFirstPage={() => setPage(1)} />
          ) : (
            <PagedList
              label="Inbound rules"
              navLabel="Rule pages"
              page={page}
              pageSize={PAGE_SIZE}
              total={data.total}
              count={list.length}
              query={rules}
              onPageChange={setPage}
            >
              {list.map((r) => (
                <RuleItem key={r.id} rule={r} canManage={canManage} onEdit={setEditing} onDelete={setDeleting} />
              ))}
            </PagedList>
          )
        }
      </QueryState>

      {rules.data && rules.data.total > 0 && <RuleTestBox />}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete rule?"
        description={
          <>
            <strong className="break-words">{deleting?.name}</strong> stops running on incoming mail. Messages it already handled keep their
            results. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeDelete}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setPage(pageAfterRemoving(list.length, page));
              closeDelete();
            },
          })
        }
      />
    </div>
  );
}
