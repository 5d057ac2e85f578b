"use client";

import { useState } from "react";
import { enrolSchema, MAX_ENROL } from "@/lib/sequences/schemas";
import { useEnrolContacts } from "@/hooks/sequences";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";

const addressesOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter(Boolean),
  ),
];

/** Enrols existing contacts by address, one per line (or separated by commas). */
export function EnrolDialog({ sequenceId, open, onClose }: { sequenceId: string; open: boolean; onClose: () => void }) {
  const enrol = useEnrolContacts(sequenceId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();

  function close() {
    setText("");
    setError(undefined);
    enrol.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const emails = addressesOf(text);
    const parsed = enrolSchema.safeParse({ emails });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const index = issue.path[1];
      setError(
        typeof index === "number"
          ? `${emails[index]} is not a valid email address.`
          : emails.length === 0
            ? "Give at least one address."
            : issue.message,
      );
      return;
    }
    setError(undefined);
    enrol.mutate(parsed.data, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Enrol contacts"
      description="Existing contacts start at the first step. Unsubscribed contacts, and anyone enrolled before, are skipped."
      dismissible={!enrol.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField
          id="enrol-emails"
          label="Contact addresses"
          hint={`One per line, or separated by commas; at most ${MAX_ENROL}.`}
          error={error}
        >
          <textarea className="input h-32 font-mono text-sm" value={text} onChange={(e) => setText(e.target.value)} data-autofocus />
        </FormField>
        <FormActions
          pending={enrol.isPending}
          error={enrol.error?.message}
          onCancel={close}
          submitLabel="Enrol"
          pendingLabel="Enrolling…"
        />
      </form>
    </Dialog>
  );
}
