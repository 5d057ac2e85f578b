"use client";

import { useDisableTwoFactor } from "@/hooks/two-factor";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { CodeInput, isCodeError } from "@/components/account/code-input";
import { useCodeField } from "@/components/account/use-code-field";

interface TurnOffDialogProps {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
  /** The organization's bulk threshold, when known. */
  threshold?: number;
}

/** Turning two-factor off takes a current code, so a borrowed session alone cannot do it. */
export function TurnOffDialog({ open, onClose, onDisabled, threshold }: TurnOffDialogProps) {
  const disable = useDisableTwoFactor();
  const { error } = disable;
  const field = useCodeField(error, () => {
    if (error) disable.reset();
  });

  function close() {
    field.clear();
    disable.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = field.validCode();
    if (!code) return;
    disable.mutate(code, {
      onSuccess: () => {
        close();
        onDisabled();
      },
    });
  }

  const limit =
    threshold === undefined
      ? "more recipients than your organization's threshold"
      : `more than ${threshold} recipient${threshold === 1 ? "" : "s"}`;

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!disable.isPending}
      size="sm"
      title="Turn off two-factor?"
      description={`Enter a current code from your authenticator app to confirm. Without two-factor you cannot send to ${limit} at once in production.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <CodeInput id="two-factor-disable-code" label="6-digit code" {...field.input} autoFocus />
        {error && !isCodeError(error) && <ErrorBanner message={error.message} />}
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={close} disabled={disable.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn-danger" disabled={disable.isPending}>
            {disable.isPending ? "Turning off…" : "Turn off"}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
