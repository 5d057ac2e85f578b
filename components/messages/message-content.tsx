import type { MessageTimeline } from "@/hooks/messages";
import { DateText } from "@/components/ui/date-text";
import { SandboxedHtml } from "@/components/ui/sandboxed-html";
import { visibleControls } from "@/components/ui/visible-controls";

type Message = MessageTimeline["message"];

const KIB = 1024;
const size = (bytes: number) =>
  bytes < KIB ? `${bytes} B` : bytes < KIB * KIB ? `${(bytes / KIB).toFixed(1)} KB` : `${(bytes / KIB / KIB).toFixed(1)} MB`;

const heading = "mb-2 mt-6 text-base font-semibold";
const box = "rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";

/**
 * What was sent: the HTML rendered in a frame with every sandbox restriction (no scripts, no
 * forms, no navigation, a unique origin) and remote images held back, the text part, the headers and the attachments' names.
 */
export function MessageContent({ message: m }: { message: Message }) {
  return (
    <section aria-labelledby="content-heading" className="mt-8">
      <h2 id="content-heading" className="mb-1 text-lg font-semibold">
        Content
      </h2>
      {m.bodyRemovedAt ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The body was removed by retention on <DateText value={m.bodyRemovedAt} show="time" /> (docs/retention.md); headers and attachment
          names stay.
        </p>
      ) : m.bodyTruncated ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The body was longer than 256 KB: what is kept, and shown here, is its beginning.
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          As sent, before open and click tracking: viewing it here records no open.
        </p>
      )}

      <h3 className={heading}>HTML</h3>
      {m.html ? (
        <SandboxedHtml
          html={m.html}
          title="The message's HTML, sandboxed"
          className={`h-96 w-full ${box} bg-white`}
          testId="message-html"
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.bodyRemovedAt ? "Removed." : "No HTML part."}</p>
      )}

      <h3 className={heading}>Text</h3>
      {m.text ? (
        <pre className={`max-h-96 overflow-auto p-4 font-mono text-xs whitespace-pre-wrap ${box}`} data-testid="message-text">
          {m.text}
        </pre>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{m.bodyRemovedAt ? "Removed." : "No text part."}</p>
      )}

      <h3 className={heading}>Headers</h3>
      {m.headers.length ? (
        <dl className={`divide-y divide-zinc-200 text-sm dark:divide-zinc-800 ${box}`} data-testid="message-headers">
          {m.headers.map((h, i) => (
            <div key={`${h.name}-${i}`} className="grid grid-cols-1 gap-x-4 px-4 py-1.5 sm:grid-cols-[12rem_1fr]">
              <dt className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{h.name}</dt>
              <dd className="font-mono text-xs [overflow-wrap:anywhere]">{h.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Not recorded for this message.</p>
      )}

      <h3 className={heading}>Attachments</h3>
      {m.attachments.length ? (
        <ul className={`divide-y divide-zinc-200 text-sm dark:divide-zinc-800 ${box}`} aria-label="Attachments">
          {m.attachments.map((a, i) => (
            <li key={`${a.filename}-${i}`} className="flex flex-wrap justify-between gap-2 px-4 py-2" data-testid="message-attachment">
              <bdi className="[overflow-wrap:anywhere]">{visibleControls(a.filename)}</bdi>
              <span className="text-zinc-600 dark:text-zinc-400">
                {a.contentType} · {size(a.size)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">None.</p>
      )}
    </section>
  );
}
