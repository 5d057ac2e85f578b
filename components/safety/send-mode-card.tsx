"use client";

import { useState } from "react";
import { useSendMode, useSetSendMode, type ModeSettings, type SendMode } from "@/hooks/safety";
import { QueryState } from "@/components/ui/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { SwitchModeDialog } from "@/components/safety/switch-mode-dialog";

const NO_PERMISSION = "Only owners and admins can change the send mode.";

/** The organization's send mode, large, with the switch (behind a confirmation) for admins. */
export function SendModeCard({ canConfigure }: { canConfigure: boolean }) {
  const settings = useSendMode();
  const setMode = useSetSendMode();
  const [target, setTarget] = useState<SendMode | null>(null);

  function close() {
    setTarget(null);
    setMode.reset();
  }

  /** The card once the settings are loaded. */
  function loaded({ mode, require2faThreshold }: ModeSettings) {
    const production = mode === "production";
    const next: SendMode = production ? "test" : "production";

    return (
      <section
        aria-labelledby="send-mode-heading"
        className={`rounded-lg border p-5 ${production ? "border-green-300 bg-green-50 dark:border-green-900 dark:bg-green-950/30" : "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/30"}`}
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="send-mode-heading" className="text-sm font-medium text-zinc-600 dark:text-zinc-300">
              Send mode
            </h2>
            <p className="mt-1 text-2xl font-semibold" data-testid="send-mode">
              {production ? "Production" : "Test mode"}
            </p>
            <p className="mt-2 max-w-xl text-sm text-zinc-700 dark:text-zinc-300">
              {production
                ? "Email goes to every recipient you address. Real people receive what you send."
                : "Only addresses on a test list below receive email; sends to anyone else are refused. Nothing reaches real customers by mistake."}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
            <RestrictedAction allowed={canConfigure} reason={NO_PERMISSION} onClick={() => setTarget(next)}>
              {production ? "Switch to test mode" : "Switch to production"}
            </RestrictedAction>
          </div>
        </div>
        <SwitchModeDialog
          target={target}
          bulkThreshold={require2faThreshold}
          pending={setMode.isPending}
          error={setMode.error?.message}
          onClose={close}
          onConfirm={() => target && setMode.mutate(target, { onSuccess: close })}
        />
      </section>
    );
  }

  return (
    <QueryState
      query={settings}
      loading={
        <div
          role="status"
          aria-busy="true"
          className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <span className="sr-only">Loading send mode…</span>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="mt-3 h-8 w-48" />
          <Skeleton className="mt-3 h-3 w-2/3" />
        </div>
      }
    >
      {loaded}
    </QueryState>
  );
}
