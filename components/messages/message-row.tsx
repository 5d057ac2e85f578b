import Link from "next/link";
import type { MessageListItem } from "@/hooks/messages";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { visibleControls } from "@/components/ui/visible-controls";
import { MessageStatusBadge } from "@/components/messages/message-status";

const SHOWN_RECIPIENTS = 3;

/** One logged message; the subject's link covers the row, so the whole row opens it. */
export function MessageRow({ message: m }: { message: MessageListItem }) {
  const more = m.to.length - SHOWN_RECIPIENTS;
  return (
    <li
      className="relative px-4 py-3 first:rounded-t-lg last:rounded-b-lg hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
      data-testid="message-row"
    >
      <div className="flex flex-wrap items-center gap-2">
        <MessageStatusBadge status={m.status} />
        <Link
          href={`/messages/${m.id}`}
          className="min-w-0 font-medium break-words text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500 dark:text-brand-50"
        >
          <bdi>{visibleControls(m.subject) || "(no subject)"}</bdi>
        </Link>
        {m.emailType === "marketing" && <Badge>Marketing</Badge>}
        {m.sendMode === "test" && <Badge>Test mode</Badge>}
        {m.tags.map((t) => (
          <Badge key={t}>{t}</Badge>
        ))}
      </div>
      {m.statusSummary.includes(" of ") && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="message-status-summary">
          {m.statusSummary}
        </p>
      )}
      <div className="mt-1 flex flex-col gap-x-4 gap-y-0.5 text-sm text-zinc-600 sm:flex-row sm:justify-between dark:text-zinc-400">
        <span className="min-w-0 [overflow-wrap:anywhere]">
          To {m.to.slice(0, SHOWN_RECIPIENTS).join(", ") || "—"}
          {more > 0 && ` and ${more} more`}
        </span>
        <span className="flex shrink-0 flex-wrap gap-x-3 text-xs sm:text-sm">
          {m.providerName && <span>via {m.providerName}</span>}
          <DateText value={m.sentAt ?? m.createdAt} show="time" />
        </span>
      </div>
    </li>
  );
}
