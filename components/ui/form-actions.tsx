import { DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";

/** The foot of a dialog form: the API's error if any, Cancel, and the submit button. */
export function FormActions({
  pending,
  error,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  pending: boolean;
  error?: string;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error && <ErrorBanner message={error} />}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </DialogActions>
    </>
  );
}
