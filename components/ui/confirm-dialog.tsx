"use client";

import { ActionButton } from "@/components/ui/action-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a destructive action; the Cancel button takes focus so Enter does no harm. The
 * confirm button stays focusable while its request runs, so a refusal (shown here) finds
 * keyboard focus where it was. Once the action removes the row that opened the dialog, focus
 * goes to the list's heading (see Dialog).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, pendingLabel, pending, error, onConfirm, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending} size="sm">
      {error && <ErrorBanner message={error} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending} data-autofocus>
          Cancel
        </button>
        <ActionButton className="btn-danger" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </ActionButton>
      </DialogActions>
    </Dialog>
  );
}
