import type { MessageTimeline } from "@/hooks/messages";
import { MessageStatusBadge } from "@/components/messages/message-status";

type Message = MessageTimeline["message"];

/** Each recipient with what the provider last reported for it, and the summary of them all. */
export function MessageRecipients({ message: m }: { message: Message }) {
  return (
    <section aria-labelledby="recipients-heading" className="mt-8">
      <h2 id="recipients-heading" className="mb-1 text-lg font-semibold">
        Recipients
      </h2>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        {m.recipients.length > 1 ? <>Summary: {m.statusSummary}. </> : null}
        The message&apos;s status is the highest of these: a bounce or complaint outranks any delivery, open or click.
      </p>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {m.recipients.map((r) => (
          <li key={r.email} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm" data-testid="recipient-status">
            <span className="min-w-0 [overflow-wrap:anywhere]">{r.email}</span>
            <MessageStatusBadge status={r.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
