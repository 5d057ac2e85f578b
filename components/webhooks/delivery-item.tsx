"use client";

import { useId, useState } from "react";
import { DateText } from "@/components/ui/date-text";
import { useResendDelivery, type WebhookDelivery } from "@/hooks/webhooks";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DeliveryStatusBadge } from "@/components/webhooks/delivery-status";
import { DeliveryAttempts } from "@/components/webhooks/delivery-attempts";

interface DeliveryItemProps {
  endpointId: string;
  delivery: WebhookDelivery;
  /** Managers may resend; only while the endpoint is active does a resend go anywhere. */
  canResend: boolean;
  /** While it does not, the id of the text on the page that says why (Resend is off). */
  resendBlockedBy?: string;
}

/** The payload, pretty-printed when it is JSON. */
function readPayload(payload: string): { text: string; test: boolean } {
  try {
    const parsed: unknown = JSON.parse(payload);
    const test = typeof parsed === "object" && parsed !== null && (parsed as { test?: unknown }).test === true;
    return { text: JSON.stringify(parsed, null, 2), test };
  } catch {
    return { text: payload, test: false };
  }
}

/**
 * One delivery: a summary line that expands to its attempts and payload, and Resend. A resend
 * says so in a toast (the new delivery appears at the top); a refusal is an error toast.
 */
export function DeliveryItem({ endpointId, delivery: d, canResend, resendBlockedBy }: DeliveryItemProps) {
  const [open, setOpen] = useState(false);
  const resend = useResendDelivery(endpointId);
  const panelId = useId();
  const payload = readPayload(d.payload);

  return (
    <li className="px-4 py-3" data-testid="webhook-delivery">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <button
          type="button"
          className="-m-1 flex min-w-0 flex-1 items-start gap-2 rounded-md p-1 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-zinc-800/60"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true" className={`mt-0.5 text-xs text-zinc-500 transition-transform ${open ? "rotate-90" : ""}`}>
            ▶
          </span>
          <span className="min-w-0 space-y-1">
            <span className="flex flex-wrap items-center gap-2">
              <DeliveryStatusBadge status={d.status} attempts={d.attempts} />
              <code className="font-mono text-sm">{d.eventType}</code>
              {payload.test && <Badge>Test event</Badge>}
            </span>
            <span className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
              <DateText value={d.createdAt} show="seconds" />
              <span>
                {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
              </span>
              {d.lastStatusCode !== null && <span className="tabular-nums">HTTP {d.lastStatusCode}</span>}
              {d.lastDurationMs !== null && <span className="tabular-nums">{d.lastDurationMs} ms</span>}
              {d.status === "pending" && d.nextAttemptAt && (
                <span>
                  Next attempt <DateText value={d.nextAttemptAt} show="seconds" />
                </span>
              )}
            </span>
            {d.lastError && !open && <span className="block text-xs break-words text-red-700 dark:text-red-400">{d.lastError}</span>}
          </span>
        </button>
        {canResend && (
          <div className="flex shrink-0 flex-col items-start gap-1 pl-6 sm:items-end sm:pl-0">
            <ActionButton
              className="btn-secondary py-1.5"
              onClick={() => resend.mutate(d.id)}
              disabled={resend.isPending || resendBlockedBy !== undefined}
              aria-busy={resend.isPending || undefined}
              aria-describedby={resendBlockedBy}
            >
              {resend.isPending ? "Resending…" : "Resend"}
              <span className="sr-only">
                {" "}
                {d.eventType} from {new Date(d.createdAt).toLocaleString()}
              </span>
            </ActionButton>
          </div>
        )}
      </div>

      <div id={panelId} hidden={!open} className="mt-3 space-y-3 pl-6">
        {open && (
          <>
            <DeliveryAttempts attempts={d.attemptLog} nextAttemptAt={d.status === "pending" ? d.nextAttemptAt : null} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Payload</summary>
              <pre className="mt-2 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-zinc-950">
                {payload.text}
              </pre>
            </details>
            <p className="text-xs break-all text-zinc-500 dark:text-zinc-400">
              Delivery <code className="font-mono">{d.id}</code> · X-Webhook-Event-Id <code className="font-mono">{d.eventId ?? d.id}</code>
            </p>
          </>
        )}
      </div>
    </li>
  );
}
