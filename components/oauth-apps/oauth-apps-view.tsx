"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteOAuthApp, useOAuthApps, type CreatedOAuthApp, type OAuthApp } from "@/hooks/oauth-apps";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { OAuthAppItem } from "@/components/oauth-apps/oauth-app-item";
import { RegisterAppDialog } from "@/components/oauth-apps/register-app-dialog";
import { RegisteredAppDialog } from "@/components/oauth-apps/registered-app-dialog";

const NO_PERMISSION = "Only owners and admins can register or delete apps.";

export function OAuthAppsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "keys.manage");
  const apps = useOAuthApps();
  const remove = useDeleteOAuthApp();
  const [registering, setRegistering] = useState(false);
  // The one copy of a new app's secret on the client; dropped when its dialog closes.
  const [created, setCreated] = useState<CreatedOAuthApp | null>(null);
  const [deleting, setDeleting] = useState<OAuthApp | null>(null);
  const openRegister = () => setRegistering(true);

  return (
    <>
      <PageHeader
        title="Apps"
        description="Third-party apps that people in your organization can connect to Mailroom with OAuth. Each person approves an app for themselves, and it gets only what both the app's scopes and their role allow."
        action={
          <RestrictedAction allowed={canManage} reason={NO_PERMISSION} onClick={openRegister}>
            Register app
          </RestrictedAction>
        }
      />

      <QueryState
        query={apps}
        loading="Loading apps…"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No apps registered" action={canManage ? { label: "Register app", onClick: openRegister } : undefined}>
            {canManage
              ? "Register an app to get a client ID for it; users then connect it from its sign-in link."
              : "Ask an owner or admin of your organization to register the app you want to connect."}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((app) => (
              <OAuthAppItem key={app.id} app={app} canManage={canManage} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </QueryState>

      <RegisterAppDialog open={registering} onClose={() => setRegistering(false)} onCreated={setCreated} />
      <RegisteredAppDialog created={created} onClose={() => setCreated(null)} />
      <DeleteDialog
        item={deleting}
        title="Delete this app?"
        description={(app) => (
          <>
            <strong className="break-words">{app.name}</strong> will stop working at once: every connection to it ends
            {app.connections > 0 ? ` (${app.connections} now)` : ""} and its tokens are refused. This cannot be undone.
          </>
        )}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
