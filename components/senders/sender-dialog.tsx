"use client";

import { useState } from "react";
import { createSenderSchema, updateSenderSchema } from "@/lib/senders/schemas";
import { useAddSender, useRenameSender, type Sender } from "@/hooks/senders";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";

type Field = "email" | "name";
const MESSAGES: Partial<Record<Field, string>> = {
  email: "Give a valid email address, e.g. news@example.com.",
  name: "Keep the name to one line of at most 200 characters.",
};

/**
 * Adds a sender, or renames one (`sender`), checked with the route's own schema first. Mounted
 * afresh for each sender, so its fields start from it.
 */
export function SenderDialog({ open, sender, onClose }: { open: boolean; sender?: Sender | null; onClose: () => void }) {
  const add = useAddSender();
  const rename = useRenameSender();
  const save = sender ? rename : add;
  const [email, setEmail] = useState("");
  const [name, setName] = useState(sender?.name ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close() {
    setEmail("");
    setName(sender?.name ?? "");
    setErrors({});
    add.reset();
    rename.reset();
    onClose();
  }

  function invalid(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = found.email ? "email" : "name";
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#sender-${first}`)?.focus());
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (sender) {
      const parsed = updateSenderSchema.safeParse({ name });
      if (!parsed.success) return invalid(fieldErrors<Field>(parsed.error, MESSAGES));
      setErrors({});
      rename.mutate({ id: sender.id, input: parsed.data }, { onSuccess: close });
    } else {
      const parsed = createSenderSchema.safeParse({ email, name });
      if (!parsed.success) return invalid(fieldErrors<Field>(parsed.error, MESSAGES));
      setErrors({});
      add.mutate(parsed.data, { onSuccess: close });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={sender ? "Rename sender" : "Add a sender"}
      description={
        sender
          ? `The name shown with ${sender.email} when a send uses it.`
          : "An address you send from. At a verified domain of yours it is verified at once; otherwise its owner confirms it through an emailed link."
      }
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {!sender && (
          <FormField id="sender-email" label="Email address" error={errors.email}>
            <input
              className="input"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              maxLength={254}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
          </FormField>
        )}
        <FormField id="sender-name" label="Display name" hint="Optional, e.g. “Acme Support”." error={errors.name}>
          <input
            className="input"
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            autoComplete="off"
            {...(sender ? { "data-autofocus": true } : {})}
          />
        </FormField>
        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={sender ? "Save" : "Add sender"}
          pendingLabel={sender ? "Saving…" : "Adding…"}
        />
      </form>
    </Dialog>
  );
}
