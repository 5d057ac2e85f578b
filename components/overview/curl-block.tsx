"use client";

import { useSyncExternalStore } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { firstSendCurl } from "@/components/overview/first-send-curl";

const noSubscription = () => () => {};

/** The page's origin, as the reader's browser reaches it (the server does not know it). */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "http://localhost:3000",
  );
}

interface CurlBlockProps {
  keyText: string;
  to: string;
  testId: string;
  label?: string;
  /** More actions, beside the copy button. */
  children?: React.ReactNode;
}

/** A first-send curl in a scrollable (and so focusable) code block, with a copy button. */
export function CurlBlock({ keyText, to, testId, label = "First send with curl", children }: CurlBlockProps) {
  const command = firstSendCurl({ origin: useOrigin(), key: keyText, to });
  return (
    <div className="min-w-0">
      <pre
        data-testid={testId}
        aria-label={label}
        tabIndex={0}
        className="max-w-full overflow-x-auto rounded-md border border-zinc-200 bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-zinc-700"
      >
        <code>{command}</code>
      </pre>
      <div className="mt-2 flex flex-wrap gap-2">
        <CopyButton text={command} label="Copy command" />
        {children}
      </div>
    </div>
  );
}
