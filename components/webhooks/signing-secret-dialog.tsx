"use client";

import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ShownOnce } from "@/components/ui/shown-once";
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
          <ShownOnce value={shown.secret} testId="webhook-secret" copyLabel="Copy secret">
            Copy it now and store it with your receiver&apos;s settings: <strong>you will not see it again</strong>.{" "}
            {rotated
              ? "The old secret keeps signing too (each request carries both signatures) for 24 hours, so switch your receiver over within a day."
              : "If you lose it, rotate the secret to get a new one."}
          </ShownOnce>
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
