"use client";

import { useState } from "react";
import { useCampaignAction, type Campaign } from "@/hooks/campaigns";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";

/** "2026-12-01T09:00" in the reader's time zone, for a datetime-local input. */
function localValue(iso: string | null): string {
  const d = iso ? new Date(iso) : new Date(Date.now() + 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Picks when a draft (or a scheduled campaign, again) starts, in the reader's time zone. */
export function ScheduleDialog({ open, campaign, onClose }: { open: boolean; campaign: Campaign; onClose: () => void }) {
  const schedule = useCampaignAction({ inline: true });
  const [when, setWhen] = useState(() => localValue(campaign.scheduledAt));
  const [error, setError] = useState<string>();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function close() {
    setError(undefined);
    schedule.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) return setError("Give a date and a time.");
    if (at.getTime() <= Date.now()) return setError("Choose a time in the future.");
    setError(undefined);
    schedule.mutate({ id: campaign.id, action: "schedule", body: { scheduledAt: at.toISOString() } }, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={campaign.status === "scheduled" ? "Reschedule campaign" : "Schedule campaign"}
      description="At that time its list's subscribed contacts become its recipients and sending starts. You can still edit or cancel it until then."
      dismissible={!schedule.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="campaign-scheduled-at" label="Start at" hint={`Your time zone: ${zone}.`} error={error}>
          <input className="input" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} data-autofocus />
        </FormField>
        <FormActions
          pending={schedule.isPending}
          error={schedule.error?.message}
          onCancel={close}
          submitLabel="Schedule"
          pendingLabel="Scheduling…"
        />
      </form>
    </Dialog>
  );
}
