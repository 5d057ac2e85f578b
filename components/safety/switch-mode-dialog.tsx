"use client";

import type { SendMode } from "@/hooks/safety";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";

interface SwitchModeDialogProps {
  /** The mode being switched to; null when closed. */
  target: SendMode | null;
  bulkThreshold: number;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms a send-mode switch and says what changes for recipients. Cancel takes focus. */
export function SwitchModeDialog({ target, bulkThreshold, pending, error, onConfirm, onClose }: SwitchModeDialogProps) {
  const toProduction = target === "production";
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      dismissible={!pending}
      size="sm"
      title={toProduction ? "Switch to production?" : "Switch back to test mode?"}
      description={
        toProduction ? (
          <>
            <strong>Real recipients will receive email.</strong> Every address you send to gets the message, whether it is on a test list or
            not, including sends made by your integrations with API keys. Sends to more than {bulkThreshold} recipients at once still need a
            key that allows bulk sending.
          </>
        ) : (
          <>
            Only addresses on your test lists will receive email. Sends to anyone else, including those made by your live integrations with
            API keys, will be refused with an error until you switch back.
          </>
        )
      }
    >
      {error && <ErrorBanner message={error} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending} data-autofocus>
          Cancel
        </button>
        <button type="button" className={toProduction ? "btn-danger" : "btn-primary"} onClick={onConfirm} disabled={pending}>
          {pending ? "Switching…" : toProduction ? "Switch to production" : "Switch to test mode"}
        </button>
      </DialogActions>
    </Dialog>
  );
}
