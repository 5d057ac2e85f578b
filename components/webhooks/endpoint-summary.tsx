import type { WebhookEndpoint } from "@/hooks/webhooks";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { EventChips } from "@/components/webhooks/event-chips";

/** An endpoint's URL, state, description, events, scope and delivery health. */
export function EndpointSummary({ endpoint, projectName }: { endpoint: WebhookEndpoint; projectName?: string }) {
  const failing = endpoint.failureCount > 0;
  return (
    <div className="min-w-0 space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-medium break-all">{endpoint.url}</span>
        {endpoint.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Disabled</Badge>}
      </div>
      {endpoint.description && <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{endpoint.description}</p>}
      <EventChips events={endpoint.events} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <Item label="Project">{projectName ?? "All projects"}</Item>
        <Item label="Failures in a row">
          <span className={failing ? "font-medium text-amber-700 dark:text-amber-400" : undefined}>
            {endpoint.failureCount} of {endpoint.maxFailures}
          </span>
        </Item>
        <Item label="Last success">{endpoint.lastSuccessAt ? <DateText value={endpoint.lastSuccessAt} show="time" /> : "Never"}</Item>
        <Item label="Last failure">{endpoint.lastFailureAt ? <DateText value={endpoint.lastFailureAt} show="time" /> : "Never"}</Item>
      </dl>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="break-words text-zinc-800 dark:text-zinc-200">{children}</dd>
    </div>
  );
}

/** Why nothing is being sent, for a disabled endpoint. */
export function DisabledNotice({ endpoint, canManage }: { endpoint: WebhookEndpoint; canManage: boolean }) {
  if (endpoint.isActive) return null;
  const tripped = endpoint.failureCount >= endpoint.maxFailures;
  const next = canManage ? " Enable it to start again; its failure count restarts at 0." : "";
  return (
    <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
      {tripped
        ? `Mailroom disabled this endpoint after ${endpoint.maxFailures} failed deliveries in a row, and sends it nothing now. Check the receiver (see Deliveries for its answers).`
        : "Disabled: Mailroom sends this endpoint nothing until it is enabled again."}
      {next}
    </p>
  );
}
