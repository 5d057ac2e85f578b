"use client";

import { useId } from "react";
import Link from "next/link";
import { useSetWebhookEndpointActive, useTestWebhookEndpoint, type WebhookEndpoint } from "@/hooks/webhooks";
import { ActionButton } from "@/components/ui/action-button";
import { DisabledNotice, EndpointSummary } from "@/components/webhooks/endpoint-summary";
import { TestResult } from "@/components/webhooks/test-result";

interface EndpointItemProps {
  endpoint: WebhookEndpoint;
  projectName?: string;
  canManage: boolean;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onRotate: (endpoint: WebhookEndpoint) => void;
  onDelete: (endpoint: WebhookEndpoint) => void;
}

/**
 * One endpoint: what it receives and how deliveries go, its history, and for managers its
 * actions. Buttons that wait for a request stay focusable (aria-disabled); a failed request
 * is an error toast with the API's message.
 */
export function EndpointItem({ endpoint, projectName, canManage, onEdit, onRotate, onDelete }: EndpointItemProps) {
  const test = useTestWebhookEndpoint();
  const toggle = useSetWebhookEndpointActive();
  const testBlockedId = useId();
  // Buttons repeat across rows; the URL, for screen readers only, says which one each is for.
  const name = <span className="sr-only"> for {endpoint.url}</span>;

  return (
    <li className={`px-4 py-4 ${endpoint.isActive ? "" : "bg-zinc-50 dark:bg-zinc-900/60"}`} data-testid="webhook-endpoint">
      <EndpointSummary endpoint={endpoint} projectName={projectName} />
      {!endpoint.isActive && (
        <div className="mt-3">
          <DisabledNotice endpoint={endpoint} canManage={canManage} />
        </div>
      )}

      <div className="mt-3 flex flex-wrap gap-2">
        <Link href={`/webhooks/${endpoint.id}`} className="btn-secondary py-1.5">
          Deliveries{name}
        </Link>
        {canManage && (
          <>
            <ActionButton
              className="btn-secondary py-1.5"
              onClick={() => test.mutate(endpoint.id)}
              disabled={test.isPending || !endpoint.isActive}
              aria-busy={test.isPending || undefined}
              aria-describedby={endpoint.isActive ? undefined : testBlockedId}
            >
              {test.isPending ? "Sending test…" : "Send test event"}
              {name}
            </ActionButton>
            {/* The row shows the new state at once; it goes back if the server refuses. */}
            <ActionButton
              className="btn-secondary py-1.5"
              onClick={() => toggle.mutate({ id: endpoint.id, isActive: !endpoint.isActive })}
              disabled={toggle.isPending}
            >
              {endpoint.isActive ? "Disable" : "Enable"}
              {name}
            </ActionButton>
            <button type="button" className="btn-secondary py-1.5" onClick={() => onEdit(endpoint)}>
              Edit{name}
            </button>
            <button type="button" className="btn-secondary py-1.5" onClick={() => onRotate(endpoint)}>
              Rotate secret{name}
            </button>
            <button type="button" className="btn-danger py-1.5" onClick={() => onDelete(endpoint)}>
              Delete{name}
            </button>
          </>
        )}
      </div>

      {canManage && !endpoint.isActive && (
        <p id={testBlockedId} className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          Send test event is off while the endpoint is disabled: enable it to send one.
        </p>
      )}

      {/* Margins on the messages, not the region, so an empty region adds no gap. */}
      <div aria-live="polite" className="*:mt-3">
        {/* Hidden while the endpoint is disabled: the button is off, and the old result is stale. */}
        {endpoint.isActive && <TestResult result={test.data} />}
      </div>
    </li>
  );
}
