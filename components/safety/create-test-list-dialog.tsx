"use client";

import { useState } from "react";
import { useCreateTestList } from "@/lib/queries/safety";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { parseAddresses } from "@/components/safety/parse-addresses";

const SHOWN_INVALID = 3;

interface CreateTestListDialogProps {
  open: boolean;
  onClose: () => void;
  /** The organization's cap on addresses per list (testListMaxSize). */
  maxSize: number;
}

export function CreateTestListDialog({ open, onClose, maxSize }: CreateTestListDialogProps) {
  const create = useCreateTestList();
  const [name, setName] = useState("");
  const [emails, setEmails] = useState("");
  const [errors, setErrors] = useState<{ name?: string; emails?: string }>({});
  const { addresses, invalid } = parseAddresses(emails);

  function close() {
    setName("");
    setEmails("");
    setErrors({});
    create.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: typeof errors = {};
    const trimmed = name.trim();
    if (!trimmed) found.name = "Give the list a name.";
    else if (trimmed.length > 100) found.name = "Keep the name to 100 characters.";
    if (invalid.length) {
      const shown = invalid.slice(0, SHOWN_INVALID).join(", ");
      found.emails = `${invalid.length === 1 ? "This is not a valid address" : "These are not valid addresses"}: ${shown}${invalid.length > SHOWN_INVALID ? ` and ${invalid.length - SHOWN_INVALID} more` : ""}.`;
    } else if (addresses.length > maxSize) {
      found.emails = `A test list holds at most ${maxSize} addresses; this one has ${addresses.length}.`;
    }
    setErrors(found);
    if (found.name || found.emails) return;
    create.mutate({ name: trimmed, emails: addresses }, { onSuccess: close });
  }

  const count = `${addresses.length} of at most ${maxSize} address${maxSize === 1 ? "" : "es"}`;

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create test list"
      description="In test mode, only addresses on a test list receive email. Add your own inbox and your team's."
      dismissible={!create.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="test-list-name" label="Name" hint="For example “QA team”." error={errors.name}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" data-autofocus />
        </FormField>
        <FormField id="test-list-emails" label="Email addresses" hint={`One per line, or separated by commas. ${count}.`} error={errors.emails}>
          <textarea
            className="input min-h-32 font-mono"
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            placeholder={"you@example.com\nteammate@example.com"}
            spellCheck={false}
            autoComplete="off"
          />
        </FormField>
        <FormActions pending={create.isPending} error={create.error?.message} onCancel={close} submitLabel="Create test list" pendingLabel="Creating…" />
      </form>
    </Dialog>
  );
}
