"use client";

import { useState } from "react";
import { useConnectedApps, useRevokeConnectedApp, type ConnectedApp } from "@/hooks/oauth-apps";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConnectedAppItem } from "@/components/oauth-apps/connected-app-item";

/** The signed-in user's own connections in this organization; nobody sees anyone else's. */
export function ConnectedAppsView() {
  const connected = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);

  function close() {
    setRevoking(null);
    revoke.reset();
  }

  return (
    <>
      <PageHeader
        title="Connected apps"
        description="Apps you have let act for you in this organization. Each can do only what is listed, and never more than your role allows."
      />

      <QueryState
        query={connected}
        loading="Loading connected apps…"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No connected apps">
            When you approve an app on Mailroom&apos;s consent screen, it is listed here, and you can revoke it at any time.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((c) => (
              <ConnectedAppItem key={c.id} connected={c} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </QueryState>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke access?"
        description={
          <>
            <strong className="break-words">{revoking?.app.name}</strong> will be refused from its next request. To use it again, you would
            connect it again.
          </>
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onClose={close}
        onConfirm={() => revoking && revoke.mutate(revoking, { onSuccess: close })}
      />
    </>
  );
}
