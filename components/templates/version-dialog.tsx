"use client";

import { useTemplatePreview, type TemplateVersion } from "@/hooks/templates";
import { DateText } from "@/components/ui/date-text";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Skeleton } from "@/components/ui/skeleton";
import { PreviewOutput } from "@/components/templates/preview-output";
import { sampleVariables } from "@/components/templates/template-preview";

interface VersionDialogProps {
  templateId: string;
  templateName: string;
  version: TemplateVersion | null;
  current: boolean;
  samples: Record<string, string>;
  onClose: () => void;
  onEditFrom?: (version: TemplateVersion) => void;
}

const heading = "text-xs font-medium text-zinc-500 uppercase dark:text-zinc-400";
const source =
  "mt-1 max-h-48 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-500 rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs break-words whitespace-pre-wrap dark:border-zinc-700 dark:bg-zinc-950";

/** One saved version, read-only: its source, its variables and the server's rendering of it. */
export function VersionDialog({ templateId, templateName, version, current, samples, onClose, onEditFrom }: VersionDialogProps) {
  const preview = useTemplatePreview(
    templateId,
    version && { version: version.version, variables: sampleVariables(samples, version.variables) },
  );
  return (
    <Dialog
      open={version !== null}
      onClose={onClose}
      size="lg"
      title={version ? `${templateName}: version ${version.version}${current ? " (current)" : ""}` : ""}
      description={
        version && (
          <>
            Read-only, saved <DateText value={version.createdAt} show="time" />.
          </>
        )
      }
    >
      {version && (
        <div className="space-y-4">
          {/* Focus starts at the top (the subject); the Close button would scroll the dialog to its foot. */}
          <Source label="Subject source" autoFocus>
            {version.subject}
          </Source>
          <Source label="HTML source">{version.html ?? "None"}</Source>
          <Source label="Text source">{version.text ?? "None: derived from the HTML"}</Source>
          <div>
            <p className={heading}>Variables</p>
            <p className="mt-1 text-sm">
              {version.variables.length === 0
                ? "None"
                : version.variables
                    .map((v) => `${v.name}${v.required ? " (required)" : ""}${v.default !== null ? ` = ${JSON.stringify(v.default)}` : ""}`)
                    .join(", ")}
            </p>
          </div>
          <section aria-label="Rendered version" className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <p className="mb-2 text-sm font-medium">Rendered with your sample values</p>
            {preview.error ? (
              <ErrorBanner message={`Could not render it: ${preview.error.message}`} />
            ) : preview.data && !preview.isPlaceholderData ? (
              <PreviewOutput preview={preview.data} title={`HTML preview of version ${version.version}`} />
            ) : (
              <div role="status" aria-busy="true">
                <span className="sr-only">Rendering…</span>
                <Skeleton className="h-40 w-full" />
              </div>
            )}
          </section>
        </div>
      )}
      <DialogActions>
        {version && onEditFrom && !current && (
          <button type="button" className="btn-secondary" onClick={() => onEditFrom(version)}>
            Edit from this version
          </button>
        )}
        <button type="button" className="btn-primary" onClick={onClose}>
          Close
        </button>
      </DialogActions>
    </Dialog>
  );
}

/** A source block; focusable, so a long one can be scrolled from the keyboard. */
function Source({ label, autoFocus = false, children }: { label: string; autoFocus?: boolean; children: React.ReactNode }) {
  return (
    <div>
      <p className={heading} aria-hidden="true">
        {label}
      </p>
      <pre className={source} tabIndex={0} aria-label={label} data-autofocus={autoFocus || undefined}>
        {children}
      </pre>
    </div>
  );
}
