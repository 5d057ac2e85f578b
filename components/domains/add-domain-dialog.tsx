"use client";

import { useState } from "react";
import { useAddDomain } from "@/hooks/domains";
import { ApiError } from "@/hooks/fetch-json";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";

/** Adds a domain to send from; the server checks the name (IDNA, labels) and says what is wrong with it. */
export function AddDomainDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddDomain();
  const [name, setName] = useState("");
  const [inbound, setInbound] = useState(false);
  const [claim, setClaim] = useState(false);
  const [trackingHost, setTrackingHost] = useState("");
  const [error, setError] = useState<string | undefined>();
  // Another organization has the name: the answer says which TXT record proves it is yours.
  const claimable = claim || (add.error instanceof ApiError && add.error.status === 409 && add.error.message.includes("_mailroom-claim"));

  function close() {
    setName("");
    setInbound(false);
    setClaim(false);
    setTrackingHost("");
    setError(undefined);
    add.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!name.trim()) {
      setError("Give a domain name, e.g. example.com");
      requestAnimationFrame(() => document.querySelector<HTMLElement>("#domain-name")?.focus());
      return;
    }
    setError(undefined);
    add.mutate({ name, inbound, claim, trackingHost: trackingHost.trim() || null }, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add a domain"
      description="Send from addresses at a domain you control. You will get the DNS records to publish at your DNS host."
      dismissible={!add.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="domain-name"
          label="Domain"
          hint="e.g. example.com or mail.example.com; a domain belongs to one organization."
          error={error}
        >
          <input
            className="input"
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            data-autofocus
          />
        </FormField>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={inbound} onChange={(e) => setInbound(e.target.checked)} />
          <span>
            Also receive mail at this domain
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              Adds an MX record pointing at Mailroom&apos;s SMTP listener; messages go through your inbound rules.
            </span>
          </span>
        </label>
        <FormField
          id="domain-tracking-host"
          label="Tracking host (optional)"
          hint="e.g. track.example.com: opens and clicks of this domain's mail point there once its CNAME is published. Empty: Mailroom's own host."
        >
          <input
            className="input"
            type="text"
            value={trackingHost}
            onChange={(e) => setTrackingHost(e.target.value)}
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        {claimable && (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={claim} onChange={(e) => setClaim(e.target.checked)} />
            <span>
              Claim it: I published the claim record
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                It moves to this organization once its DNS shows the TXT record the message names.
              </span>
            </span>
          </label>
        )}
        <FormActions
          pending={add.isPending}
          error={add.error?.message}
          onCancel={close}
          submitLabel="Add domain"
          pendingLabel="Adding… (making its DKIM key)"
        />
      </form>
    </Dialog>
  );
}
