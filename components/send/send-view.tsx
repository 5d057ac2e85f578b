"use client";

import { useRef, useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useSendEmail, type SendTestEmailInput } from "@/hooks/send";
import { useScheduleEmail } from "@/hooks/scheduled";
import { PageHeader } from "@/components/ui/page-header";
import { SendModeNotice } from "@/components/send/send-mode-notice";
import { SendForm } from "@/components/send/send-form";
import { SendError } from "@/components/send/send-error";
import { SendResultCard } from "@/components/send/send-result-card";
import { ScheduledResultCard } from "@/components/send/scheduled-result-card";

export function SendView({ role }: { role: Role }) {
  const canSend = roleHas(role, "email.send");
  const sendNow = useSendEmail();
  const schedule = useScheduleEmail();
  // The result shown is the last submission's: a send now or a send later.
  const [lastLater, setLastLater] = useState(false);
  const active = lastLater ? schedule : sendNow;
  const resultRef = useRef<HTMLDivElement>(null);

  // On a phone the result lands below the form: bring it into view.
  const showResult = () => requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));

  function submit(input: SendTestEmailInput, scheduledFor?: string) {
    setLastLater(scheduledFor !== undefined);
    if (scheduledFor) schedule.mutate({ ...input, scheduledFor }, { onSettled: showResult });
    else sendNow.mutate(input, { onSettled: showResult });
  }

  return (
    <>
      <PageHeader
        title="Send test email"
        description="Send one email through your providers to check your setup end to end, now or at a time you pick. It counts toward your monthly allowance and appears in the audit log."
      />
      <SendModeNotice />
      {!canSend && (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          Viewers cannot send email. Ask an owner or admin for the member role.
        </p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <SendForm disabled={!canSend} pending={sendNow.isPending || schedule.isPending} onSend={submit} />
        <div ref={resultRef} aria-live="polite" className="space-y-4">
          {active.error && <SendError error={active.error} canConfigureSafety={roleHas(role, "safety.configure")} />}
          {sendNow.data && !lastLater && !sendNow.isPending && <SendResultCard result={sendNow.data} />}
          {schedule.data && lastLater && !schedule.isPending && <ScheduledResultCard scheduled={schedule.data} />}
          {!active.data && !active.error && (
            <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
              The result shows here after you press <strong>Send email</strong>: its status, the provider that took it and the message id. A
              send for later shows when it will go.
            </p>
          )}
        </div>
      </div>
    </>
  );
}
