"use client";

import type { Ref } from "react";
import { ApiError } from "@/hooks/fetch-json";
import { FormField } from "@/components/ui/form-field";

const CODE = /^\d{6}$/;

/** Why a typed code cannot be sent yet, or undefined when it has the right shape. */
export function codeProblem(code: string): string | undefined {
  if (!code) return "Enter the 6-digit code from your authenticator app.";
  if (!CODE.test(code)) return "The code has 6 digits.";
  return undefined;
}

/** Errors about the code itself (wrong, reused, too many tries) belong next to the input. */
export function isCodeError(error: Error | null): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 429);
}

interface CodeControlProps {
  /** id and aria-* arrive from FormField, which clones its child; they belong on the input. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  value: string;
  onCode: (code: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  action?: React.ReactNode;
}

function CodeControl({ value, onCode, inputRef, autoFocus, action, ...wiring }: CodeControlProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <input
        {...wiring}
        ref={inputRef}
        className="input w-full font-mono tracking-[0.3em] sm:w-44"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={value}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
        onPaste={(e) => {
          // maxLength would cut "123 456" to "123 45" before onChange sees it.
          const digits = e.clipboardData.getData("text").replace(/\D/g, "");
          if (digits.length !== 6) return;
          e.preventDefault();
          onCode(digits);
        }}
        spellCheck={false}
        data-autofocus={autoFocus ? true : undefined}
      />
      {action}
    </div>
  );
}

interface CodeInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** A button to sit beside the input (below it on phones), above the hint and error. */
  action?: React.ReactNode;
}

/** A labelled 6-digit one-time-code field. Keeps digits only; a pasted "123 456" becomes "123456". */
export function CodeInput({ id, label, value, onChange, error, hint, inputRef, autoFocus, action }: CodeInputProps) {
  return (
    <div>
      <FormField id={id} label={label} hint={hint} error={error}>
        <CodeControl value={value} onCode={onChange} inputRef={inputRef} autoFocus={autoFocus} action={action} />
      </FormField>
      {/* FormField's message is not announced when it appears; this copy is, for screen readers. */}
      <p className="sr-only" aria-live="assertive">
        {error ?? ""}
      </p>
    </div>
  );
}
