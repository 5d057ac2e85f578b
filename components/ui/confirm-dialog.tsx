"use client";

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

/** Asks before a destructive action; the Cancel button takes focus so Enter does no harm. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, description, confirmLabel, pendingLabel, pending, error, onConfirm, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending} size="sm">
      {error && <ErrorBanner message={error} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={pending} data-autofocus>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={pending}>
          {pending ? (pendingLabel ?? `${confirmLabel}…`) : confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
