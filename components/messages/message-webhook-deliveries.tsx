"use client";

import Link from "next/link";
import { useMessageDeliveries } from "@/hooks/messages";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";

const TONES = { succeeded: "success", failed: "danger", cancelled: "neutral", pending: "brand", delivering: "brand" } as const;

/** The webhook deliveries this message's events caused, with how each went; each links to its endpoint on the webhooks page. */
export function MessageWebhookDeliveries({ messageId }: { messageId: string }) {
  const deliveries = useMessageDeliveries(messageId, true);
  return (
    <section aria-labelledby="deliveries-heading" className="mt-8">
      <h2 id="deliveries-heading" className="mb-1 text-lg font-semibold">
        Webhook deliveries
      </h2>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Each event sent to each subscribed endpoint, newest first. Attempts and response bodies are on the{" "}
        <Link href="/webhooks" className="text-brand-600 hover:underline dark:text-brand-500">
          webhooks page
        </Link>
        .
      </p>
      <QueryState
        query={deliveries}
        loading="Loading webhook deliveries…"
        rows={2}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No webhook deliveries">
            No endpoint was subscribed to this message&apos;s events when they happened.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white text-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2" data-testid="message-webhook-delivery">
                <Badge tone={TONES[d.status]}>{d.status}</Badge>
                <span className="font-mono text-xs">{d.eventType}</span>
                <Link
                  href={`/webhooks/${d.endpoint.id}`}
                  className="min-w-0 text-brand-600 [overflow-wrap:anywhere] hover:underline dark:text-brand-500"
                >
                  {d.endpoint.url}
                </Link>
                <span className="ml-auto flex flex-wrap gap-x-3 text-xs text-zinc-600 dark:text-zinc-400">
                  <span>
                    {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                    {d.lastStatusCode !== null && `, HTTP ${d.lastStatusCode}`}
                  </span>
                  <DateText value={d.createdAt} show="seconds" />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
