import type { WebhookDelivery } from "@/hooks/webhooks";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

type Attempt = WebhookDelivery["attemptLog"][number];

/** The stored response body is capped at 4 KB; this much is enough to recognise an answer. */
const EXCERPT = 600;

/** Every attempt of one delivery, oldest first: outcome, timing and what the receiver said. */
export function DeliveryAttempts({ attempts, nextAttemptAt }: { attempts: Attempt[]; nextAttemptAt: string | null }) {
  if (attempts.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Not attempted yet.
        {nextAttemptAt && (
          <>
            {" "}
            The first attempt is due <DateText value={nextAttemptAt} show="seconds" />.
          </>
        )}
      </p>
    );
  }
  return (
    <ol aria-label="Attempts" className="space-y-2">
      {attempts.map((a) => (
        <li key={a.id} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700" data-testid="webhook-attempt">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium">Attempt {a.attempt}</span>
            {a.succeeded ? <Badge tone="success">Succeeded</Badge> : <Badge tone="danger">Failed</Badge>}
            <span className="tabular-nums">{a.statusCode !== null ? `HTTP ${a.statusCode}` : "No HTTP answer"}</span>
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{a.durationMs} ms</span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              <DateText value={a.startedAt} show="seconds" />
            </span>
          </div>
          {a.error && <p className="mt-1 text-sm break-words text-red-700 dark:text-red-400">{a.error}</p>}
          {a.responseBody ? (
            <pre className="mt-2 max-h-40 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs break-all whitespace-pre-wrap dark:bg-zinc-950">
              {a.responseBody.length > EXCERPT ? `${a.responseBody.slice(0, EXCERPT)}…` : a.responseBody}
            </pre>
          ) : (
            a.statusCode !== null && <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Empty response body.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
