"use client";

import { useRef } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useSendEmail } from "@/lib/queries/send";
import { PageHeader } from "@/components/ui/page-header";
import { SendModeNotice } from "@/components/send/send-mode-notice";
import { SendForm } from "@/components/send/send-form";
import { SendError } from "@/components/send/send-error";
import { SendResultCard } from "@/components/send/send-result-card";

export function SendView({ role }: { role: Role }) {
  const canSend = roleHas(role, "email.send");
  const send = useSendEmail();
  const resultRef = useRef<HTMLDivElement>(null);

  // On a phone the result lands below the form: bring it into view.
  const showResult = () => requestAnimationFrame(() => resultRef.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));

  return (
    <>
      <PageHeader
        title="Send test email"
        description="Send one email through your providers to check your setup end to end. It counts toward your monthly allowance and appears in the audit log."
      />
      <SendModeNotice />
      {!canSend && (
        <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">Viewers cannot send email. Ask an owner or admin for the member role.</p>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <SendForm disabled={!canSend} pending={send.isPending} onSend={(input) => send.mutate(input, { onSettled: showResult })} />
        <div ref={resultRef} aria-live="polite" className="space-y-4">
          {send.error && <SendError error={send.error} canConfigureSafety={roleHas(role, "safety.configure")} />}
          {send.data && !send.isPending && <SendResultCard result={send.data} />}
          {!send.data && !send.error && (
            <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
              The result shows here after you press <strong>Send email</strong>: its status, the provider that took it and the message id.
            </p>
          )}
        </div>
      </div>
    </>
  );
}
