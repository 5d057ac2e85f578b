"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";

/** Shows a freshly created key, the only time it can be seen. Focus starts on the copy button. */
export function NewApiKeyDialog({ created, onClose }: { created: { name: string; key: string } | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onClose={onClose} dismissible={false} title="Your new API key" description={created ? `“${created.name}” is ready to use.` : undefined}>
      {created && (
        <>
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
            Copy it now and keep it somewhere safe: <strong>you will not see it again</strong>. If you lose it, revoke it and create another.
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="new-api-key"
              className="block min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
            >
              {created.key}
            </code>
            <CopyButton text={created.key} label="Copy key" />
          </div>
          <DialogActions>
            <button type="button" className="btn-primary" onClick={onClose}>
              I have copied the key
            </button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
