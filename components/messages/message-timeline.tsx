import type { MessageEvent } from "@/hooks/messages";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

type Tone = Parameters<typeof Badge>[0]["tone"];

const KINDS: Record<string, { label: string; tone: Tone }> = {
  "email.sent": { label: "Sent", tone: "neutral" },
  "email.delivered": { label: "Delivered", tone: "success" },
  "email.deferred": { label: "Delivery delayed", tone: "neutral" },
  "email.dropped": { label: "Dropped", tone: "danger" },
  "email.bounced": { label: "Bounced", tone: "danger" },
  "email.opened": { label: "Opened", tone: "brand" },
  "email.clicked": { label: "Clicked", tone: "brand" },
  "email.complained": { label: "Complained", tone: "danger" },
  "email.unsubscribed": { label: "Unsubscribed", tone: "neutral" },
};

/** Where an event came from, in words; unknown sources are shown as they are. */
const SOURCES: Record<string, string> = {
  send: "Mailroom, at send",
  demo: "the demo provider",
  provider: "the provider's webhook",
  tracking: "Mailroom's open and click tracking",
  manual: "the track API",
};

const DOTS = { neutral: "bg-zinc-400", success: "bg-green-600", danger: "bg-red-600", brand: "bg-brand-500" } as const;

/** The message's events, oldest first, along a line. */
export function MessageTimeline({ events }: { events: MessageEvent[] }) {
  return (
    <ol aria-label="Timeline, oldest first" className="ml-2 border-l border-zinc-200 dark:border-zinc-700">
      {events.map((e) => (
        <TimelineEvent key={e.id} event={e} />
      ))}
    </ol>
  );
}

function TimelineEvent({ event: e }: { event: MessageEvent }) {
  const kind = KINDS[e.type] ?? { label: e.type, tone: "neutral" as const };
  const bot = e.metadata.bot === true;
  const botReason = typeof e.metadata.botReason === "string" ? e.metadata.botReason : null;
  return (
    <li className="relative pb-5 pl-5 last:pb-0" data-testid="timeline-event" data-type={e.type}>
      <span
        aria-hidden="true"
        className={`absolute top-1.5 -left-[5px] size-2.5 rounded-full ring-4 ring-white dark:ring-zinc-900 ${DOTS[kind.tone ?? "neutral"]}`}
      />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={kind.tone}>{kind.label}</Badge>
        {bot && (
          <span title={botReason ?? "Left out of open and click counts"}>
            <Badge>Bot</Badge>
          </span>
        )}
        <span className="text-sm [overflow-wrap:anywhere]">{e.recipient}</span>
      </div>
      <div className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
        <DateText value={e.occurredAt} show="seconds" />
        <code className="font-mono">{e.type}</code>
        <span>from {SOURCES[e.source] ?? e.source}</span>
      </div>
      {bot && botReason && (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">Bot: {botReason}. Not counted as an open or click.</p>
      )}
      {e.url && (
        <p className="mt-1 text-sm">
          <span className="text-zinc-500 dark:text-zinc-400">Link: </span>
          {/* Shown as text, not a link: it came from a provider or the API, and may be anything. */}
          <span className="font-mono text-xs break-all">{e.url}</span>
        </p>
      )}
      {e.reason && (
        <p
          className={`mt-1 text-sm break-words ${kind.tone === "danger" ? "text-red-700 dark:text-red-400" : "text-zinc-700 dark:text-zinc-300"}`}
        >
          <span className="font-medium">Reason: </span>
          {e.reason}
        </p>
      )}
    </li>
  );
}
