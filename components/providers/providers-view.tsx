"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteProvider, useProviders, useReorderProviders, type Provider } from "@/hooks/providers";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ProviderItem } from "@/components/providers/provider-item";
import { ProviderFormDialog } from "@/components/providers/provider-form-dialog";
import { nextPriority, priorityChanges } from "@/components/providers/priority-changes";

const NO_PERMISSION = "Only owners and admins can add or change providers.";

export function ProvidersView({ role }: { role: Role }) {
  const canManage = roleHas(role, "providers.manage");
  const providers = useProviders();
  const reorder = useReorderProviders();
  const remove = useDeleteProvider();
  // null: closed; "new": adding; a provider: editing it.
  const [form, setForm] = useState<Provider | "new" | null>(null);
  const [deleting, setDeleting] = useState<Provider | null>(null);

  // The Move button last pressed, while its reorder runs: moving a row in the DOM drops the
  // focus inside it, so it is put back on the same button in the row's new place.
  const moving = useRef<string | null>(null);

  const list = providers.data ?? [];
  const openAdd = () => setForm("new");

  function move(provider: Provider, direction: -1 | 1) {
    const changes = priorityChanges(list, list.indexOf(provider), direction);
    if (!changes.length) return;
    moving.current = `${provider.id}:${direction}`;
    // The list shows the new order at once (and goes back if a change is refused).
    reorder.mutate(changes, { onSettled: () => requestAnimationFrame(() => (moving.current = null)) });
  }

  useLayoutEffect(() => {
    if (!moving.current || (document.activeElement && document.activeElement !== document.body)) return;
    document.querySelector<HTMLElement>(`[data-move="${moving.current}"]`)?.focus();
  });

  function closeDelete() {
    setDeleting(null);
    remove.reset();
  }

  return (
    <>
      <PageHeader
        title="Providers"
        description="The services Mailroom sends your email through. It tries them from the top down: disabled providers are skipped, unhealthy ones are tried last, and one at its limit hands over to the next."
        action={
          <RestrictedAction allowed={canManage} reason={NO_PERMISSION} onClick={openAdd}>
            Add provider
          </RestrictedAction>
        }
      />

      <QueryState
        query={providers}
        loading="Loading providers…"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No providers yet" action={canManage ? { label: "Add provider", onClick: openAdd } : undefined}>
            Until you add one, the built-in demo provider simulates sending: your sends succeed, but nothing leaves Mailroom.{" "}
            {canManage
              ? "Add a provider such as SMTP, Resend or Amazon SES to deliver real email."
              : "Ask an owner or admin to add one to deliver real email."}
          </EmptyState>
        }
      >
        {() => (
          <>
            {!list.some((p) => p.isActive && p.type !== "demo") && (
              <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
                No real provider is active, so sends go through the built-in demo provider and nothing leaves Mailroom.
              </p>
            )}
            <ol
              aria-label="Providers in sending order"
              aria-busy={reorder.isPending || undefined}
              className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
            >
              {list.map((p, i) => (
                <ProviderItem
                  key={p.id}
                  provider={p}
                  position={i + 1}
                  isFirst={i === 0}
                  isLast={i === list.length - 1}
                  canManage={canManage}
                  reordering={reorder.isPending}
                  onMove={move}
                  onEdit={setForm}
                  onDelete={setDeleting}
                />
              ))}
            </ol>
          </>
        )}
      </QueryState>

      <ProviderFormDialog
        open={form !== null}
        provider={form === "new" ? null : form}
        nextPriority={nextPriority(list)}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete provider?"
        description={
          <>
            <strong>{deleting?.name}</strong> and its saved credentials will be removed, and Mailroom will stop sending through it. This
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
    </>
  );
}
