import type { MessageTimeline } from "@/hooks/messages";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { DetailItem } from "@/components/ui/detail-item";
import { MessageStatusBadge } from "@/components/messages/message-status";

type Message = MessageTimeline["message"];

/** Who it went from and to, how it was sent, when, and why it failed if it did. */
export function MessageSummary({ message: m }: { message: Message }) {
  return (
    <section
      aria-label="Message"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {m.error && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm break-words text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          <span className="font-medium">Error: </span>
          {m.error}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <DetailItem label="From">{m.fromAddress}</DetailItem>
        <DetailItem label="To">{m.to.join(", ") || "—"}</DetailItem>
        {m.cc.length > 0 && <DetailItem label="Cc">{m.cc.join(", ")}</DetailItem>}
        {m.bcc.length > 0 && <DetailItem label="Bcc">{m.bcc.join(", ")}</DetailItem>}
      </dl>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t border-zinc-200 pt-4 text-sm sm:grid-cols-4 dark:border-zinc-800">
        <DetailItem label="Status">
          <MessageStatusBadge status={m.status} />
        </DetailItem>
        <DetailItem label="Provider">{m.providerName ?? "None yet"}</DetailItem>
        <DetailItem label="Send mode">
          <Badge tone={m.sendMode === "production" ? "brand" : "neutral"}>{m.sendMode}</Badge>
        </DetailItem>
        <DetailItem label="Type">{m.emailType.charAt(0).toUpperCase() + m.emailType.slice(1)}</DetailItem>
        <DetailItem label="Created">
          <DateText value={m.createdAt} show="seconds" />
        </DetailItem>
        <DetailItem label="Sent">{m.sentAt ? <DateText value={m.sentAt} show="seconds" /> : "Not sent"}</DetailItem>
        <DetailItem label="Tags" wide>
          {m.tags.length ? (
            <span className="flex flex-wrap gap-1" data-testid="message-tags">
              {m.tags.map((t) => (
                <Badge key={t.name}>
                  {t.name}: {t.value}
                </Badge>
              ))}
            </span>
          ) : (
            "None"
          )}
        </DetailItem>
        <DetailItem label="Provider message id" wide>
          {m.providerMessageId ? <code className="font-mono text-xs break-all">{m.providerMessageId}</code> : "—"}
        </DetailItem>
      </dl>
    </section>
  );
}
