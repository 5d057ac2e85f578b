"use client";
// A received message's body, as HTML or text. The HTML goes into an iframe with sandbox="" and
// srcDoc: no scripts, forms or navigation, and an opaque origin, so mail can never act as the
// dashboard. A content security policy in front of it also holds back remote images (which tell
// the sender the message was opened) until the reader asks for them.
import { useId, useState } from "react";

const policy = (remote: boolean) =>
  `default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:${remote ? " https: http:" : ""}`;

/** The message's HTML behind the policy; the parser files the meta into the document's head. */
const framed = (html: string, remote: boolean) => `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy(remote)}">${html}`;

export function MessageBody({ html, text }: { html: string | null; text: string | null }) {
  const id = useId();
  const [view, setView] = useState<"html" | "text">(html ? "html" : "text");
  const [remote, setRemote] = useState(false);
  const hasRemote = html !== null && /\bsrc\s*=\s*["']?https?:/i.test(html);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Body
        </h2>
        {html && text && (
          <div role="radiogroup" aria-label="Show the body as" className="inline-flex rounded-md border border-zinc-300 p-0.5 text-sm dark:border-zinc-700">
            {(["html", "text"] as const).map((v) => (
              <label
                key={v}
                className={`cursor-pointer rounded px-3 py-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${view === v ? "bg-brand-50 font-medium text-brand-700 dark:bg-zinc-800 dark:text-white" : "text-zinc-600 dark:text-zinc-300"}`}
              >
                <input type="radio" className="sr-only" name={`${id}-view`} value={v} checked={view === v} onChange={() => setView(v)} />
                {v === "html" ? "HTML" : "Text"}
              </label>
            ))}
          </div>
        )}
      </div>
      <div className="mt-3">
        {view === "html" && html ? (
          <>
            {hasRemote && (
              <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                {remote ? "Remote images are shown." : "Remote images are hidden: loading them tells the sender you opened the message."}
                {!remote && (
                  <button type="button" className="btn-secondary py-1 text-xs" onClick={() => setRemote(true)}>
                    Show remote images
                  </button>
                )}
              </p>
            )}
            <iframe
              key={remote ? "remote" : "local"}
              title="Message HTML"
              sandbox=""
              srcDoc={framed(html, remote)}
              className="h-80 w-full resize-y rounded-md border border-zinc-200 bg-white dark:border-zinc-700"
            />
          </>
        ) : text ? (
          <pre className="max-h-[28rem] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-sm break-words whitespace-pre-wrap dark:border-zinc-700 dark:bg-zinc-950" data-testid="message-text">
            {text}
          </pre>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This message has no body.</p>
        )}
      </div>
    </section>
  );
}
