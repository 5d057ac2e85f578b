"use client";

import { useEffect, useRef, useState } from "react";
import { ErrorBanner } from "@/components/ui/error-banner";
import { CodeInput, codeProblem, isCodeError } from "@/components/account/code-input";

interface CodeFormProps {
  id: string;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The last request's error; wrong or throttled codes show under the input, others below. */
  error: Error | null;
  /** Called with a well-formed code; call `clear` once it was accepted. */
  onSubmit: (code: string, clear: () => void) => void;
  /** Called when the code is edited, to drop a stale error. */
  onEdit?: () => void;
}

/** One code field and its button, side by side from small screens up. */
export function CodeForm({ id, label, hint, submitLabel, pendingLabel, pending, error, onSubmit, onEdit }: CodeFormProps) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  // After a refused code, select it so the next one can be typed straight over it.
  useEffect(() => {
    if (isCodeError(error)) inputRef.current?.select();
  }, [error]);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    onSubmit(code, () => setCode(""));
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <CodeInput
        id={id}
        label={label}
        hint={hint}
        value={code}
        inputRef={inputRef}
        error={problem ?? (isCodeError(error) ? error.message : undefined)}
        onChange={(next) => {
          setCode(next);
          setProblem(undefined);
          onEdit?.();
        }}
        action={
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        }
      />
      {error && !isCodeError(error) && <ErrorBanner message={error.message} />}
    </form>
  );
}
