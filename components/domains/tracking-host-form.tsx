"use client";

import { useState } from "react";
import { useSetTrackingHost, type SendingDomain } from "@/hooks/domains";
import { Badge } from "@/components/ui/badge";
import { FormField } from "@/components/ui/form-field";

/** A domain's tracking host: set, change or remove it; whether its CNAME was found. The server checks the name. */
export function TrackingHostForm({
  domain: d,
  canManage,
  restrictedReasonId,
}: {
  domain: SendingDomain;
  canManage: boolean;
  restrictedReasonId?: string;
}) {
  const save = useSetTrackingHost();
  const [host, setHost] = useState(d.trackingHost ?? "");
  const id = `tracking-host-${d.id}`;
  const describedBy = canManage ? undefined : restrictedReasonId;
  const changed = host.trim().toLowerCase() !== (d.trackingHost ?? "");

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!canManage || !changed) return;
    save.mutate({ d, trackingHost: host.trim() || null });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end" data-testid="tracking-host">
      <div className="min-w-0 sm:w-96">
        <FormField
          id={id}
          label="Tracking host"
          hint={
            d.trackingHost
              ? d.trackingHostVerified
                ? `Opens and clicks of mail from ${d.name} point at ${d.trackingHost}.`
                : `Not used until its CNAME is found: opens and clicks use Mailroom's own host meanwhile.`
              : `Optional, e.g. track.${d.name}: opens and clicks then point at your own name.`
          }
          error={save.error?.message}
        >
          <input
            className="input"
            type="text"
            value={host}
            onChange={(e) => setHost(e.target.value)}
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            placeholder={`track.${d.name}`}
            readOnly={!canManage}
          />
        </FormField>
      </div>
      <div className="flex items-center gap-2 sm:pb-6">
        <button
          type="submit"
          className="btn-secondary py-1.5"
          disabled={!canManage || save.isPending || !changed}
          aria-describedby={describedBy}
        >
          {save.isPending ? "Saving…" : host.trim() ? "Save tracking host" : "Remove tracking host"}
          <span className="sr-only"> {d.name}</span>
        </button>
        {d.trackingHost && (
          <Badge tone={d.trackingHostVerified ? "success" : "neutral"}>
            {d.trackingHostVerified ? "Tracking host verified" : "Tracking CNAME not found yet"}
          </Badge>
        )}
      </div>
    </form>
  );
}
