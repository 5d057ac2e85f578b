"use client";

import type { OAuthApp } from "@/hooks/oauth-apps";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DateText } from "@/components/ui/date-text";

const SHOWN_SCOPES = 6;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One registered app: name, kind, client id, where it returns to, its scopes, connections and date. */
export function OAuthAppItem({ app, canManage, onDelete }: { app: OAuthApp; canManage: boolean; onDelete: (app: OAuthApp) => void }) {
  const extra = app.scopes.length - SHOWN_SCOPES;
  return (
    <li data-testid="oauth-app-row" className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{app.name}</span>
          <Badge tone={app.confidential ? "brand" : "neutral"}>{app.confidential ? "Confidential" : "Public"}</Badge>
          {app.clientUri && <span className="text-xs break-all text-zinc-500 dark:text-zinc-400">{app.clientUri}</span>}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <span className="text-zinc-500 dark:text-zinc-400">Client ID</span>
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono break-all text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {app.clientId}
          </code>
          <CopyButton text={app.clientId} label="Copy ID" />
        </div>
        <div className="text-xs">
          <span className="text-zinc-500 dark:text-zinc-400">Redirect URIs</span>
          <ul className="mt-0.5 space-y-0.5">
            {app.redirectUris.map((uri) => (
              <li key={uri} className="font-mono break-all text-zinc-700 dark:text-zinc-300">
                {uri}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-1" aria-label="Scopes">
          {app.scopes.slice(0, SHOWN_SCOPES).map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
          {extra > 0 && (
            <span title={app.scopes.slice(SHOWN_SCOPES).join(", ")}>
              <Badge>+{extra} more</Badge>
            </span>
          )}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          <span data-testid="oauth-app-connections">{plural(app.connections, "active connection", "active connections")}</span> · Registered{" "}
          <DateText value={app.createdAt} />
        </p>
      </div>
      {canManage && (
        <button type="button" className="btn-danger self-start" onClick={() => onDelete(app)} aria-label={`Delete ${app.name}`}>
          Delete
        </button>
      )}
    </li>
  );
}
