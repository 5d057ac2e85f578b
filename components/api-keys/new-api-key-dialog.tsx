"use client";

import { useSignedInEmail } from "@/hooks/first-run";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ShownOnce } from "@/components/ui/shown-once";
import { CurlBlock } from "@/components/overview/curl-block";
import { canSendWith } from "@/components/overview/first-send-curl";

interface NewApiKeyDialogProps {
  /** scopes, when known, say whether the key can send; without them the curl is shown. */
  created: { name: string; key: string; scopes?: readonly string[] } | null;
  /** The first send's recipient; the signed-in address (read from the session) when not given. */
  to?: string;
  onClose: () => void;
}

/**
 * Shows a freshly created key, the only time it can be seen, with a curl for a first send that
 * holds it. The key stays in the caller's state and this dialog's DOM, nowhere else.
 */
export function NewApiKeyDialog({ created, to, onClose }: NewApiKeyDialogProps) {
  const session = useSignedInEmail(created !== null && !to);
  const recipient = to ?? session.data ?? "you@example.com";
  const canSend = created?.scopes === undefined || canSendWith(created.scopes);
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      dismissible={false}
      size="lg"
      title="Your new API key"
      description={created ? `“${created.name}” is ready to use.` : undefined}
    >
      {created && (
        <>
          <ShownOnce value={created.key} testId="new-api-key" copyLabel="Copy key">
            Copy it now and keep it somewhere safe: <strong>you will not see it again</strong>. If you lose it, revoke it and create
            another.
          </ShownOnce>
          {canSend ? (
            <div className="mt-5">
              <h3 className="text-sm font-medium">Try it: send yourself an email</h3>
              <p className="mt-1 mb-2 text-xs text-zinc-500 dark:text-zinc-400">
                In test mode, the address must be on a test list (Safety page). With no provider set up, demo mode simulates the send.
              </p>
              <CurlBlock keyText={created.key} to={recipient} testId="new-api-key-curl" />
            </div>
          ) : (
            <p className="mt-4 text-xs text-zinc-500 dark:text-zinc-400">
              This key has no email:send scope, so it cannot send email; it can call the routes its scopes allow.
            </p>
          )}
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
