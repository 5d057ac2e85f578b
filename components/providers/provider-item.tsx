"use client";

import { useSetProviderActive, useTestProvider, type Provider } from "@/hooks/providers";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { ProviderUsage } from "@/components/providers/provider-usage";
import { WebhookUrl } from "@/components/providers/webhook-url";
import { providerTypeInfo } from "@/components/providers/provider-types";

interface ProviderItemProps {
  provider: Provider;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  canManage: boolean;
  reordering: boolean;
  onMove: (provider: Provider, direction: -1 | 1) => void;
  onEdit: (provider: Provider) => void;
  onDelete: (provider: Provider) => void;
}

/**
 * One provider: health, usage, last error and, for managers, its actions. Buttons that wait
 * for a request stay focusable (aria-disabled), so keyboard focus stays where it was; a
 * failed request is an error toast with the API's message.
 */
export function ProviderItem({ provider, position, isFirst, isLast, canManage, reordering, onMove, onEdit, onDelete }: ProviderItemProps) {
  const test = useTestProvider();
  const toggle = useSetProviderActive();
  const name = <span className="sr-only"> {provider.name}</span>;
  const typeLabel = providerTypeInfo(provider.type)?.label ?? provider.label;

  return (
    <li className={`space-y-3 px-4 py-4 ${provider.isActive ? "" : "bg-zinc-50 dark:bg-zinc-900/60"}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs font-medium text-zinc-500 tabular-nums dark:text-zinc-400" title={`Priority ${provider.priority}`}>
              #{position}
            </span>
            <span className="font-medium break-all">{provider.name}</span>
            <Badge>{typeLabel}</Badge>
            {provider.isActive ? <Badge tone="brand">Active</Badge> : <Badge>Disabled</Badge>}
            {!provider.isHealthy ? (
              <Badge tone="danger">Unhealthy</Badge>
            ) : provider.lastHealthCheck ? (
              <Badge tone="success">Healthy</Badge>
            ) : (
              <Badge>Not tested</Badge>
            )}
            {provider.status !== "active" && <Badge tone="danger">{provider.status}</Badge>}
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {provider.lastHealthCheck && (
              <>
                Last checked <DateText value={provider.lastHealthCheck} /> ·{" "}
              </>
            )}
            Added <DateText value={provider.createdAt} />
          </p>
        </div>
        {canManage && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <ActionButton
              className="btn-secondary py-1.5"
              onClick={() => test.mutate(provider.id)}
              disabled={test.isPending}
              aria-busy={test.isPending || undefined}
            >
              {test.isPending ? "Testing…" : "Test connection"}
              {name}
            </ActionButton>
            {/* The row shows the new state at once; it goes back if the server refuses. */}
            <ActionButton
              className="btn-secondary py-1.5"
              onClick={() => toggle.mutate({ id: provider.id, isActive: !provider.isActive })}
              disabled={toggle.isPending}
            >
              {provider.isActive ? "Disable" : "Enable"}
              {name}
            </ActionButton>
            <button type="button" className="btn-secondary py-1.5" onClick={() => onEdit(provider)}>
              Edit{name}
            </button>
            <button type="button" className="btn-danger py-1.5" onClick={() => onDelete(provider)}>
              Delete{name}
            </button>
          </div>
        )}
      </div>

      <ProviderUsage provider={provider} />

      {canManage && providerTypeInfo(provider.type)?.eventWebhook && (
        <WebhookUrl label="Event webhook URL" path={`/api/webhooks/providers/${provider.id}`} />
      )}
      {canManage && providerTypeInfo(provider.type)?.inboundWebhook && (
        <WebhookUrl label="Inbound mail URL" path={`/api/inbound/providers/${provider.id}`} />
      )}

      {/* A failed test just above says the same thing. */}
      {provider.lastError && !(test.data && !test.data.success) && (
        <p className="text-xs break-words text-red-700 dark:text-red-400">
          <span className="font-medium">Last error:</span> {provider.lastError}
        </p>
      )}

      <div aria-live="polite">
        {test.data && (
          <p
            className={`rounded-md px-3 py-2 text-sm ${test.data.success ? "bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300" : "bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300"}`}
          >
            <span className="font-medium">{test.data.success ? "Connection OK" : "Connection failed"}</span> in {test.data.latencyMs} ms:{" "}
            {test.data.message}
          </p>
        )}
      </div>

      {canManage && (
        <div className="flex gap-2">
          <ActionButton
            className="btn-secondary px-2 py-1 text-xs"
            onClick={() => onMove(provider, -1)}
            disabled={isFirst || reordering}
            data-move={`${provider.id}:-1`}
          >
            <span aria-hidden="true" className="mr-1">
              ↑
            </span>
            Move up{name}
          </ActionButton>
          <ActionButton
            className="btn-secondary px-2 py-1 text-xs"
            onClick={() => onMove(provider, 1)}
            disabled={isLast || reordering}
            data-move={`${provider.id}:1`}
          >
            <span aria-hidden="true" className="mr-1">
              ↓
            </span>
            Move down{name}
          </ActionButton>
        </div>
      )}
    </li>
  );
}
