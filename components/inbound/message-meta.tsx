// A received message's envelope and headers at a glance: from, to, cc, reply-to, when it was
// sent and received, how it arrived, its tags; the full header list folded away below.
import type { InboxMessage } from "@/hooks/inbound";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { DetailItem } from "@/components/ui/detail-item";
import { formatBytes } from "@/components/inbound/rule-summary";

const SOURCES: Record<string, string> = { smtp: "SMTP", sendgrid: "SendGrid", mailgun: "Mailgun", postmark: "Postmark", ses: "Amazon SES" };

export function MessageMeta({ message: m }: { message: InboxMessage }) {
  const from = m.from ? (m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address) : "Unknown sender";
  return (
    <section
      aria-label="Message details"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <DetailItem label="From">{from}</DetailItem>
        <DetailItem label="To">{m.to.join(", ") || "—"}</DetailItem>
        {m.cc.length > 0 && <DetailItem label="Cc">{m.cc.join(", ")}</DetailItem>}
        {m.replyTo.length > 0 && <DetailItem label="Reply-To">{m.replyTo.join(", ")}</DetailItem>}
        {m.envelopeTo.length > 0 && m.envelopeTo.join() !== m.to.join() && (
          <DetailItem label="Delivered to">{m.envelopeTo.join(", ")}</DetailItem>
        )}
      </dl>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 border-t border-zinc-200 pt-4 text-sm sm:grid-cols-4 dark:border-zinc-800">
        <DetailItem label="Received">
          <DateText value={m.receivedAt} show="seconds" />
        </DetailItem>
        <DetailItem label="Sent (Date header)">{m.sentAt ? <DateText value={m.sentAt} show="seconds" /> : "—"}</DetailItem>
        <DetailItem label="Arrived through">{SOURCES[m.source] ?? m.source}</DetailItem>
        <DetailItem label="Size">{formatBytes(m.size)}</DetailItem>
        <DetailItem label="Tags" wide>
          {m.tags.length ? (
            <span className="flex flex-wrap gap-1.5">
              {m.tags.map((t) => (
                <Badge key={t} tone="brand">
                  {t}
                </Badge>
              ))}
            </span>
          ) : (
            "None"
          )}
        </DetailItem>
        {m.messageId && (
          <DetailItem label="Message-ID" wide>
            <code className="font-mono text-xs break-all">{m.messageId}</code>
          </DetailItem>
        )}
      </dl>
      {m.headers.length > 0 && (
        <details className="border-t border-zinc-200 pt-3 dark:border-zinc-800">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-50">
            All headers ({m.headers.length})
          </summary>
          <dl className="mt-2 max-h-72 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs dark:bg-zinc-950">
            {m.headers.map((h, i) => (
              <div key={`${h.name}-${i}`} className="break-all">
                <dt className="inline font-semibold">{h.name}:</dt> <dd className="inline">{h.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </section>
  );
}
