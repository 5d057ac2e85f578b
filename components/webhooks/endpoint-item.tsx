"use client";

import Link from "next/link";
import { useTestWebhookEndpoint, useUpdateWebhookEndpoint, type WebhookEndpoint } from "@/lib/queries/webhooks";
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

/** One endpoint: what it receives and how deliveries go, its history, and for managers its actions. */
export function EndpointItem({ endpoint, projectName, canManage, onEdit, onRotate, onDelete }: EndpointItemProps) {
  const test = useTestWebhookEndpoint();
  const toggle = useUpdateWebhookEndpoint();
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
            <button
              type="button"
              className="btn-secondary py-1.5"
              onClick={() => test.mutate(endpoint.id)}
              disabled={test.isPending || !endpoint.isActive}
              title={endpoint.isActive ? undefined : "Enable the endpoint to send it a test event."}
            >
              {test.isPending ? "Sending test…" : "Send test event"}
              {name}
            </button>
            <button
              type="button"
              className="btn-secondary py-1.5"
              onClick={() => toggle.mutate({ id: endpoint.id, input: { isActive: !endpoint.isActive } })}
              disabled={toggle.isPending}
            >
              {endpoint.isActive ? "Disable" : "Enable"}
              {name}
            </button>
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

      {/* Margins on the messages, not the region, so an empty region adds no gap. */}
      <div aria-live="polite" className="*:mt-3">
        {/* Hidden while the endpoint is disabled: the button is off, and the old result is stale. */}
        {endpoint.isActive && <TestResult result={test.data} error={test.error} />}
        {toggle.error && (
          <p className="text-sm text-red-700 dark:text-red-400">
            Could not {endpoint.isActive ? "disable" : "enable"} it: {toggle.error.message}
          </p>
        )}
      </div>
    </li>
  );
}
