"use client";

import type { ScheduledEmail } from "@/hooks/scheduled";
import { DateText } from "@/components/ui/date-text";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { describeEmail } from "@/components/scheduled/email-data";

interface CancelScheduledDialogProps {
  email: ScheduledEmail | null;
  pending: boolean;
  error?: string;
  onConfirm: (email: ScheduledEmail) => void;
  onClose: () => void;
}

/**
 * Asks before cancelling. Not ui/ConfirmDialog: its dismiss button says "Cancel", which next
 * to "Cancel email" would read as the action. "Keep it" takes focus, so Enter does no harm.
 */
export function CancelScheduledDialog({ email, pending, error, onConfirm, onClose }: CancelScheduledDialogProps) {
  const subject = email ? (describeEmail(email).subject ?? "(no subject)") : "";
  return (
    <Dialog
      open={email !== null}
      onClose={onClose}
      dismissible={!pending}
      size="sm"
      title="Cancel this scheduled email?"
      description={
        email && (
          <>
            <strong className="break-words">{subject}</strong> will not be sent at <DateText value={email.scheduledFor} show="zoned" />.
            This cannot be undone: schedule it again to send it later.
          </>
        )
      }
    >
      {error && <ErrorBanner message={error} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending} data-autofocus>
          Keep it
        </button>
        <button type="button" className="btn-danger" onClick={() => email && onConfirm(email)} disabled={pending}>
          {pending ? "Cancelling…" : "Cancel email"}
        </button>
      </DialogActions>
    </Dialog>
  );
}
