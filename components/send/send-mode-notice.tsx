"use client";

import Link from "next/link";
import { useSendMode } from "@/hooks/safety";
import { Skeleton } from "@/components/ui/skeleton";

/** Which send mode is in force, so nobody is surprised by a refusal or by a real delivery. */
export function SendModeNotice() {
  const settings = useSendMode();
  if (settings.isPending) {
    return (
      <div role="status" aria-busy="true" className="mb-6 rounded-md border border-zinc-200 px-4 py-3 dark:border-zinc-800">
        <span className="sr-only">Loading send mode…</span>
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (settings.error) {
    return (
      <p className="mb-6 rounded-md border border-zinc-200 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
        The send mode could not be loaded ({settings.error.message}). See the{" "}
        <Link href="/safety" className="font-medium text-brand-600 underline dark:text-brand-500">
          Safety page
        </Link>
        .
      </p>
    );
  }
  const production = settings.data.mode === "production";
  return (
    <div
      data-testid="send-mode-notice"
      className={`mb-6 rounded-md border px-4 py-3 text-sm ${production ? "border-green-300 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950/30 dark:text-green-200" : "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/30 dark:text-amber-200"}`}
    >
      <p className="font-semibold">{production ? "Production mode" : "Test mode"}</p>
      <p className="mt-0.5">
        {production ? (
          "This email goes to the real recipients you enter."
        ) : (
          <>
            Only addresses on a test list (and the demo addresses under To) receive email; any other recipient makes the send fail. Manage
            test lists on the{" "}
            <Link href="/safety" className="font-medium underline">
              Safety page
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}
