"use client";

import { useEffect, useRef, useState } from "react";
import { codeProblem, isCodeError } from "@/components/account/code-input";

/**
 * The state of one 6-digit code field: its value, the local problem (a malformed code) or the
 * API's refusal to show under it, and after a refusal the code selected so the next one can
 * be typed straight over it.
 */
export function useCodeField(error: Error | null, onEdit?: () => void) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (isCodeError(error)) inputRef.current?.select();
  }, [error]);

  return {
    /** Props for CodeInput. */
    input: {
      value: code,
      inputRef,
      error: problem ?? (isCodeError(error) ? error.message : undefined),
      onChange: (next: string) => {
        setCode(next);
        setProblem(undefined);
        onEdit?.();
      },
    },
    /** The code when it is well formed; otherwise shows why and returns null. */
    validCode(): string | null {
      const found = codeProblem(code);
      setProblem(found);
      if (found) {
        inputRef.current?.focus();
        return null;
      }
      return code;
    },
    clear() {
      setCode("");
      setProblem(undefined);
    },
  };
}
