// What the rules did with a received message: each matching rule, in the order it ran, and the
// outcome of each of its actions (done, failed with the reason, or skipped).
import type { InboxMessage } from "@/hooks/inbound";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { ACTION_LABELS, type ActionType } from "@/components/inbound/rule-labels";

const STATUS_TONE = { done: "success", failed: "danger", skipped: "neutral" } as const;
const STATUS_WORD = { done: "Done", failed: "Failed", skipped: "Skipped" } as const;

export function RuleResults({ message }: { message: InboxMessage }) {
  const results = message.ruleResults;
  return (
    <section aria-labelledby="inbox-rule-results-title">
      <h2 id="inbox-rule-results-title" className="mb-2 text-lg font-semibold">
        Rules
      </h2>
      {message.status === "received" ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status">
          The rules are running on this message…
        </p>
      ) : results.length === 0 ? (
        <EmptyState title="No rule matched">It stays in the inbox, as every message no rule matches does.</EmptyState>
      ) : (
        <ol className="space-y-2" data-testid="inbox-rule-results">
          {results.map((r) => (
            <li key={r.ruleId} className="rounded-lg border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900">
              <p className="font-medium break-words">{r.name}</p>
              <ul className="mt-2 space-y-1 text-sm">
                {r.actions.map((a, i) => (
                  <li key={i} className="flex flex-wrap items-center gap-2">
                    <span>{ACTION_LABELS[a.type as ActionType] ?? a.type}</span>
                    <Badge tone={STATUS_TONE[a.status]}>{STATUS_WORD[a.status]}</Badge>
                    {a.detail && <span className="text-xs [overflow-wrap:anywhere] text-zinc-600 dark:text-zinc-400">{a.detail}</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
