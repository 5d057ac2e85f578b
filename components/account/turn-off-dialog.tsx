"use client";

import { useEffect, useRef, useState } from "react";
import { useDisableTwoFactor } from "@/lib/queries/two-factor";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { CodeInput, codeProblem, isCodeError } from "@/components/account/code-input";

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
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);
  const { error } = disable;

  useEffect(() => {
    if (isCodeError(error)) inputRef.current?.select();
  }, [error]);

  function close() {
    setCode("");
    setProblem(undefined);
    disable.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    disable.mutate(code, {
      onSuccess: () => {
        close();
        onDisabled();
      },
    });
  }

  const limit = threshold === undefined ? "more recipients than your organization's threshold" : `more than ${threshold} recipient${threshold === 1 ? "" : "s"}`;

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
        <CodeInput
          id="two-factor-disable-code"
          label="6-digit code"
          value={code}
          inputRef={inputRef}
          autoFocus
          error={problem ?? (isCodeError(error) ? error.message : undefined)}
          onChange={(next) => {
            setCode(next);
            setProblem(undefined);
            if (error) disable.reset();
          }}
        />
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
