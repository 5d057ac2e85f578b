"use client";

import { useState } from "react";
import { createSuppressionSchema } from "@/lib/suppressions/schemas";
import { useAddSuppression } from "@/hooks/suppressions";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";

const MESSAGES = { email: "Enter one email address, like name@example.com." };

/** Adds one address by hand, checked with the route's own schema before it is sent. */
export function AddSuppressionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const add = useAddSuppression();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();

  function close() {
    setEmail("");
    setError(undefined);
    add.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createSuppressionSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors<"email">(parsed.error, MESSAGES).email ?? parsed.error.issues[0]?.message);
      requestAnimationFrame(() => document.querySelector<HTMLElement>("#suppression-email")?.focus());
      return;
    }
    setError(undefined);
    add.mutate(parsed.data, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add address"
      description="Mailroom refuses every send to an address on this list, from the dashboard and the API, until it is removed."
      dismissible={!add.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="suppression-email"
          label="Email address"
          hint="Its reason is shown as “Added by hand”. An address already on the list stays as it is."
          error={error}
        >
          <input
            className="input"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={320}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        </FormField>
        <FormActions pending={add.isPending} error={add.error?.message} onCancel={close} submitLabel="Add address" pendingLabel="Adding…" />
      </form>
    </Dialog>
  );
}
