"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { VerifySnippet } from "@/components/webhooks/verify-snippet";

export interface ShownSecret {
  /** "created": a new endpoint; "rotated": a new secret for an existing one. */
  reason: "created" | "rotated";
  url: string;
  secret: string;
}

/**
 * Shows a signing secret the only time it can be seen, with how to verify deliveries.
 * Escape does not close it, so the one copy is not thrown away by accident; focus starts on
 * the copy button.
 */
export function SigningSecretDialog({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const rotated = shown?.reason === "rotated";
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      dismissible={false}
      size="lg"
      title={rotated ? "Your new signing secret" : "Endpoint added: its signing secret"}
      description={shown ? <span className="break-all">For {shown.url}</span> : undefined}
    >
      {shown && (
        <>
          <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
            Copy it now and store it with your receiver&apos;s settings: <strong>you will not see it again</strong>.{" "}
            {rotated
              ? "The old secret keeps signing too (each request carries both signatures) for 24 hours, so switch your receiver over within a day."
              : "If you lose it, rotate the secret to get a new one."}
          </div>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="webhook-secret"
              className="block min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
            >
              {shown.secret}
            </code>
            <CopyButton text={shown.secret} label="Copy secret" />
          </div>
          <VerifySnippet />
          <DialogActions>
            <button type="button" className="btn-primary" onClick={onClose}>
              I have copied the secret
            </button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
