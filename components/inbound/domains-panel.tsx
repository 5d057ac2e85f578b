"use client";
// The Domains tab: the domains the organization receives mail for, how to point them here, and
// for admins adding, pausing and removing them.
import { useState } from "react";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useInboundDomains, useRemoveDomain, type InboundDomain } from "@/hooks/inbound";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { AddDomainForm } from "@/components/inbound/add-domain-form";
import { DomainItem } from "@/components/inbound/domain-item";

const NO_PERMISSION = "Only owners and admins can add, pause or remove domains.";

export function DomainsPanel({ role }: { role: Role }) {
  const canManage = roleHas(role, "domains.manage");
  const domains = useInboundDomains();
  const remove = useRemoveDomain();
  const [removing, setRemoving] = useState<InboundDomain | null>(null);

  function closeRemove() {
    setRemoving(null);
    remove.reset();
  }

  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-semibold">Domains</h2>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Mail to any address at these domains is received for your organization. Point a domain&apos;s MX record at the host running
          Mailroom&apos;s SMTP listener (the server started with{" "}
          <code className="rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800">INBOUND_SMTP_PORT</code>), or receive through a
          provider&apos;s inbound webhook instead.
        </p>
        <p className="mt-1 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          The same domains send mail too: their DNS records (MX, SPF, DKIM) and verification are on the{" "}
          <Link href="/domains" className="underline">
            Domains
          </Link>{" "}
          page.
        </p>
      </div>

      {canManage ? <AddDomainForm /> : <p className="text-sm text-zinc-600 dark:text-zinc-400">{NO_PERMISSION}</p>}

      <QueryState
        query={domains}
        loading="Loading domains…"
        rows={2}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No domains yet">
            {canManage
              ? "Add the domain you want to receive mail at, e.g. inbound.example.com, then set its MX record."
              : "Ask an owner or admin to add the domain you want to receive mail at."}
          </EmptyState>
        }
      >
        {(data) => (
          <ul
            aria-label="Inbound domains"
            className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900"
          >
            {data.map((d) => (
              <DomainItem key={d.id} domain={d} canManage={canManage} onRemove={setRemoving} />
            ))}
          </ul>
        )}
      </QueryState>

      <ConfirmDialog
        open={removing !== null}
        title="Remove domain?"
        description={
          <>
            Mail to <strong className="break-all">{removing?.name}</strong> is no longer received for your organization. Messages already
            received stay in the inbox.
          </>
        }
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={closeRemove}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: closeRemove })}
      />
    </div>
  );
}
