import type { TemplatedResult } from "@/hooks/templates";
import { Badge } from "@/components/ui/badge";

/** One line per recipient: sent with its message id, or why it was not. */
export function TemplatedResults({ results }: { results: TemplatedResult[] }) {
  return (
    <ul
      aria-label="Send results"
      className="divide-y divide-zinc-200 rounded-md border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-700"
    >
      {results.map((r) => (
        <li key={r.recipient} className="space-y-1 px-3 py-2" data-testid="templated-result">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={r.status === "sent" ? "success" : "danger"}>{r.status === "sent" ? "Sent" : "Failed"}</Badge>
            <span className="break-all">{r.recipient}</span>
          </div>
          {r.id && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Mailroom id <code className="font-mono break-all">{r.id}</code>
            </p>
          )}
          {r.error && (
            <p className="break-words text-red-700 dark:text-red-400">
              {r.error}
              {r.code && <span className="text-xs"> ({r.code})</span>}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
