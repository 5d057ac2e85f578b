import type { TemplatePreview } from "@/hooks/templates";

const label = "text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400";

/**
 * A rendering from the server. The HTML goes into an iframe with sandbox="" and srcDoc: no
 * scripts, forms or navigation, and an opaque origin, so a template can never act as the
 * dashboard. White behind it in dark mode too, as most mail clients show email.
 */
export function PreviewOutput({ preview, title }: { preview: TemplatePreview; title: string }) {
  return (
    <dl className="space-y-3">
      <div>
        <dt className={label}>Subject</dt>
        <dd className="mt-1 text-sm font-medium break-words" data-testid="preview-subject">
          {preview.subject}
        </dd>
      </div>
      <div>
        <dt className={label}>HTML</dt>
        <dd className="mt-1">
          {preview.html !== null ? (
            <iframe
              title={title}
              sandbox=""
              srcDoc={preview.html}
              className="h-72 w-full resize-y rounded-md border border-zinc-200 bg-white dark:border-zinc-700"
            />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No HTML part: mail clients show the text.</p>
          )}
        </dd>
      </div>
      <div>
        <dt className={label}>Text</dt>
        <dd className="mt-1">
          <pre
            className="max-h-60 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs break-words whitespace-pre-wrap dark:border-zinc-700 dark:bg-zinc-950"
            data-testid="preview-text"
          >
            {preview.text}
          </pre>
        </dd>
      </div>
    </dl>
  );
}
