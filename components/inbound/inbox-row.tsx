// One received message in the inbox list: sender, subject, tags, attachments, when; the whole
// row opens it.
import Link from "next/link";
import type { InboxSummary } from "@/hooks/inbound";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";

export function InboxRow({ message: m }: { message: InboxSummary }) {
  const sender = m.from ? m.from.name || m.from.address : "Unknown sender";
  return (
    <li
      className="relative px-4 py-3 first:rounded-t-lg last:rounded-b-lg hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
      data-testid="inbox-row"
    >
      <div className="flex flex-col gap-x-4 sm:flex-row sm:items-baseline sm:justify-between">
        <span className="truncate text-sm text-zinc-700 dark:text-zinc-300" title={m.from?.address}>
          {sender}
          {m.from?.name && <span className="text-zinc-500 dark:text-zinc-400"> &lt;{m.from.address}&gt;</span>}
        </span>
        <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
          <DateText value={m.receivedAt} show="time" />
        </span>
      </div>
      {/* The link covers the row, so the whole row opens the message. */}
      <Link
        href={`/inbound/messages/${m.id}`}
        className="mt-0.5 block font-medium break-words text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500 dark:text-brand-50"
      >
        {m.subject || "(no subject)"}
      </Link>
      {(m.tags.length > 0 || m.attachmentCount > 0) && (
        <div className="mt-1 flex flex-wrap gap-1.5">
          {m.tags.map((t) => (
            <Badge key={t} tone="brand">
              {t}
            </Badge>
          ))}
          {m.attachmentCount > 0 && (
            <Badge>
              {m.attachmentCount} {m.attachmentCount === 1 ? "attachment" : "attachments"}
            </Badge>
          )}
        </div>
      )}
    </li>
  );
}
