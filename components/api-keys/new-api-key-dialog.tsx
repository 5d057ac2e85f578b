"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ShownOnce } from "@/components/ui/shown-once";

/** Shows a freshly created key, the only time it can be seen. Focus starts on the copy button. */
export function NewApiKeyDialog({ created, onClose }: { created: { name: string; key: string } | null; onClose: () => void }) {
  return (
    <Dialog open={created !== null} onClose={onClose} dismissible={false} title="Your new API key" description={created ? `“${created.name}” is ready to use.` : undefined}>
      {created && (
        <>
          <ShownOnce value={created.key} testId="new-api-key" copyLabel="Copy key">
            Copy it now and keep it somewhere safe: <strong>you will not see it again</strong>. If you lose it, revoke it and create another.
          </ShownOnce>
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
