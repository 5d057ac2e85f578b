"use client";

import type { ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";

/** A secret shown this one time (an API key, a signing secret): the warning, the value, a copy button. */
export function ShownOnce({
  value,
  testId,
  copyLabel,
  children,
}: {
  value: string;
  testId: string;
  copyLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
        {children}
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid={testId}
          className="block min-w-0 flex-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-sm break-all select-all dark:border-zinc-700 dark:bg-zinc-950"
        >
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </>
  );
}
