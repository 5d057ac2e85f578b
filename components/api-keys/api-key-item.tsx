"use client";

import type { ApiKey } from "@/hooks/api-keys";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

const SHOWN_SCOPES = 4;

interface ApiKeyItemProps {
  apiKey: ApiKey;
  projectName?: string;
  canManage: boolean;
  onRevoke: (key: ApiKey) => void;
}

/** One key in the list: name, visible prefix, scopes, project and dates; revoked keys are greyed. */
export function ApiKeyItem({ apiKey, projectName, canManage, onRevoke }: ApiKeyItemProps) {
  const revoked = apiKey.revokedAt !== null;
  const extra = apiKey.scopes.length - SHOWN_SCOPES;
  return (
    <li className={`flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between ${revoked ? "opacity-60" : ""}`}>
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          {revoked && <Badge tone="danger">Revoked</Badge>}
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {apiKey.prefix}…
          </code>
        </div>
        <div className="flex flex-wrap gap-1" aria-label="Scopes">
          {apiKey.scopes.slice(0, SHOWN_SCOPES).map((scope) => (
            <Badge key={scope} tone={scope === "*" ? "brand" : "neutral"}>
              {scope === "*" ? "Full access" : scope}
            </Badge>
          ))}
          {extra > 0 && (
            <span title={apiKey.scopes.slice(SHOWN_SCOPES).join(", ")}>
              <Badge>+{extra} more</Badge>
            </span>
          )}
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {projectName ?? "All projects"} · Created <DateText value={apiKey.createdAt} /> ·{" "}
          {revoked && apiKey.revokedAt ? (
            <>
              Revoked <DateText value={apiKey.revokedAt} />
            </>
          ) : apiKey.lastUsedAt ? (
            <>
              Last used <DateText value={apiKey.lastUsedAt} />
            </>
          ) : (
            "Never used"
          )}
        </p>
      </div>
      {canManage && !revoked && (
        <button
          type="button"
          className="btn-danger self-start sm:self-center"
          onClick={() => onRevoke(apiKey)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </button>
      )}
    </li>
  );
}
