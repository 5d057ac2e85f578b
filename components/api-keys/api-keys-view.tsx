"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useApiKeys, useRevokeApiKey, type ApiKey } from "@/hooks/api-keys";
import { useProjects } from "@/hooks/projects";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ApiKeyItem } from "@/components/api-keys/api-key-item";
import { CreateApiKeyDialog } from "@/components/api-keys/create-api-key-dialog";
import { NewApiKeyDialog } from "@/components/api-keys/new-api-key-dialog";

const NO_PERMISSION = "Only owners and admins can create or revoke API keys.";

/** Active keys first, then revoked ones, each in the server's newest-first order. */
function activeFirst(keys: ApiKey[]): ApiKey[] {
  return [...keys.filter((k) => !k.revokedAt), ...keys.filter((k) => k.revokedAt)];
}

export function ApiKeysView({ role }: { role: Role }) {
  const canManage = roleHas(role, "keys.manage");
  const keys = useApiKeys();
  const projects = useProjects();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  // The one copy of a new key on the client; dropped when its dialog closes.
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const projectNames = new Map(projects.data?.map((p) => [p.id, p.name]));

  function closeRevoke() {
    setRevoking(null);
    revoke.reset();
  }

  const openCreate = () => setCreating(true);

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys let your servers call the Mailroom API. Each key carries only the scopes you grant it, and can be limited to one project."
        action={
          <RestrictedAction allowed={canManage} reason={NO_PERMISSION} onClick={openCreate}>
            Create API key
          </RestrictedAction>
        }
      />

      <QueryState
        query={keys}
        loading="Loading API keys…"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No API keys yet" action={canManage ? { label: "Create API key", onClick: openCreate } : undefined}>
            {canManage
              ? "Create a key, then send it as a Bearer token in the Authorization header of your API requests."
              : "Ask an owner or admin of your organization to create a key for you."}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {activeFirst(data).map((k) => (
              <ApiKeyItem
                key={k.id}
                apiKey={k}
                projectName={k.projectId ? (projectNames.get(k.projectId) ?? "Project") : undefined}
                canManage={canManage}
                onRevoke={setRevoking}
              />
            ))}
          </ul>
        )}
      </QueryState>

      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} onCreated={(c) => setCreated({ name: c.name, key: c.key })} />
      <NewApiKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key?"
        description={
          <>
            Requests using <strong>{revoking?.name}</strong> ({revoking?.prefix}…) will be refused from now on. This cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.error?.message}
        onClose={closeRevoke}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: closeRevoke })}
      />
    </>
  );
}
