"use client";

import { ErrorBanner } from "@/components/ui/error-banner";
import { CodeInput, isCodeError } from "@/components/account/code-input";
import { useCodeField } from "@/components/account/use-code-field";

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
  const field = useCodeField(error, onEdit);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = field.validCode();
    if (code) onSubmit(code, field.clear);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <CodeInput
        id={id}
        label={label}
        hint={hint}
        {...field.input}
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
