"use client";

import { useTemplatePreview, type Template } from "@/hooks/templates";
import { ErrorBanner } from "@/components/ui/error-banner";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { PreviewOutput } from "@/components/templates/preview-output";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";

export type Samples = Record<string, string>;

/** The sample values for the declared variables, blanks left out so defaults apply. */
export function sampleVariables(samples: Samples, declared: Template["variables"]): Record<string, string> {
  return Object.fromEntries(declared.flatMap((v) => (samples[v.name] ? [[v.name, samples[v.name]]] : [])));
}

interface TemplatePreviewProps {
  templateId: string;
  /** The saved version rendered, and the variables it declares. */
  version: number;
  variables: Template["variables"];
  samples: Samples;
  onSamplesChange: (samples: Samples) => void;
  /** Shown above the output, e.g. that unsaved edits are not in it. */
  note?: React.ReactNode;
}

/**
 * Live preview: rendered by the server's preview route as a send would render it, asked again
 * 400 ms after the sample values stop changing.
 */
export function TemplatePreview({ templateId, version, variables, samples, onSamplesChange, note }: TemplatePreviewProps) {
  const settled = useDebouncedValue(samples, 400);
  const preview = useTemplatePreview(templateId, { version, variables: sampleVariables(settled, variables) });
  const waiting = preview.isFetching || settled !== samples;

  return (
    <section
      aria-labelledby="template-preview-heading"
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="template-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        <span className="text-xs text-zinc-500 dark:text-zinc-400" aria-live="polite">
          {waiting ? "Rendering…" : `Version ${version}`}
        </span>
      </div>
      {note}
      {variables.length > 0 ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Sample values</legend>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Blank uses the default, else the variable&apos;s name.</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {variables.map((v) => (
              <FormField key={v.name} id={`template-sample-${v.name}`} label={v.name}>
                <input
                  className="input"
                  value={samples[v.name] ?? ""}
                  onChange={(e) => onSamplesChange({ ...samples, [v.name]: e.target.value })}
                  placeholder={v.default !== null ? String(v.default) : v.name}
                  autoComplete="off"
                />
              </FormField>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This version declares no variables, so there are no sample values to fill in.
        </p>
      )}
      {preview.error && (
        <ErrorBanner message={`Could not render the preview: ${preview.error.message}`} onRetry={() => preview.refetch()} />
      )}
      {preview.data ? (
        <div aria-busy={waiting || undefined} className={waiting ? "opacity-70 transition-opacity" : undefined}>
          <PreviewOutput preview={preview.data} title="HTML preview" />
        </div>
      ) : (
        preview.isPending && (
          <div role="status" aria-busy="true" className="space-y-3">
            <span className="sr-only">Rendering the preview…</span>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-72 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )
      )}
    </section>
  );
}
