"use client";

import type { ConnectedApp } from "@/hooks/oauth-apps";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

/** One app the user connected: what it may do, since when, when it last called. */
export function ConnectedAppItem({ connected, onRevoke }: { connected: ConnectedApp; onRevoke: (c: ConnectedApp) => void }) {
  return (
    <li data-testid="connected-app-row" className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{connected.app.name}</span>
          {connected.app.clientUri && <span className="text-xs break-all text-zinc-500 dark:text-zinc-400">{connected.app.clientUri}</span>}
        </div>
        <div className="flex flex-wrap gap-1" aria-label="Scopes">
          {connected.scopes.map((scope) => (
            <Badge key={scope}>{scope}</Badge>
          ))}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Connected <DateText value={connected.connectedAt} /> ·{" "}
          {connected.lastUsedAt ? (
            <>
              Last used <DateText value={connected.lastUsedAt} show="time" />
            </>
          ) : (
            "Never used"
          )}
        </p>
      </div>
      <button
        type="button"
        className="btn-danger self-start"
        onClick={() => onRevoke(connected)}
        aria-label={`Revoke ${connected.app.name}`}
      >
        Revoke
      </button>
    </li>
  );
}
