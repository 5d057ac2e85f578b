"use client";
// A received message's body, as HTML (sandboxed, remote images held back: SandboxedHtml) or text.
import { useId, useState } from "react";
import { SandboxedHtml } from "@/components/ui/sandboxed-html";

export function MessageBody({ html, text }: { html: string | null; text: string | null }) {
  const id = useId();
  const [view, setView] = useState<"html" | "text">(html ? "html" : "text");

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Body
        </h2>
        {html && text && (
          <div
            role="radiogroup"
            aria-label="Show the body as"
            className="inline-flex rounded-md border border-zinc-300 p-0.5 text-sm dark:border-zinc-700"
          >
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
          <SandboxedHtml
            html={html}
            title="Message HTML"
            className="h-80 w-full resize-y rounded-md border border-zinc-200 bg-white dark:border-zinc-700"
          />
        ) : text ? (
          <pre
            className="max-h-[28rem] overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-sm break-words whitespace-pre-wrap dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="message-text"
          >
            {text}
          </pre>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">This message has no body.</p>
        )}
      </div>
    </section>
  );
}
