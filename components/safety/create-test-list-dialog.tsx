"use client";

import { useState } from "react";
import { createTestListSchema } from "@/lib/safety/schemas";
import { useCreateTestList } from "@/hooks/safety";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { refusedAddresses, splitAddresses } from "@/components/safety/parse-addresses";

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
  const addresses = splitAddresses(emails);

  function close() {
    setName("");
    setEmails("");
    setErrors({});
    create.reset();
    onClose();
  }

  /** Checked with the route's own schema; the per-organization size cap is the server's, told us as maxSize. */
  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createTestListSchema.safeParse({ name, emails: addresses });
    const found: typeof errors = {};
    if (!parsed.success) {
      if (parsed.error.issues.some((i) => i.path[0] === "name")) found.name = "Give the list a name of up to 100 characters.";
      const invalid = refusedAddresses(parsed.error, addresses);
      if (invalid.length) {
        const shown = invalid.slice(0, SHOWN_INVALID).join(", ");
        found.emails = `${invalid.length === 1 ? "This is not a valid address" : "These are not valid addresses"}: ${shown}${invalid.length > SHOWN_INVALID ? ` and ${invalid.length - SHOWN_INVALID} more` : ""}.`;
      }
    }
    if (!parsed.success && !found.name && !found.emails) found.emails = parsed.error.issues[0]?.message;
    if (!found.emails && addresses.length > maxSize) {
      found.emails = `A test list holds at most ${maxSize} addresses; this one has ${addresses.length}.`;
    }
    setErrors(found);
    if (!parsed.success || found.name || found.emails) {
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>("#test-list-name[aria-invalid='true'], #test-list-emails[aria-invalid='true']")?.focus(),
      );
      return;
    }
    create.mutate(parsed.data, { onSuccess: close });
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
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <FormField
          id="test-list-emails"
          label="Email addresses"
          hint={`One per line, or separated by commas. ${count}.`}
          error={errors.emails}
        >
          <textarea
            className="input min-h-32 font-mono"
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
            placeholder={"you@example.com\nteammate@example.com"}
            spellCheck={false}
            autoComplete="off"
          />
        </FormField>
        <FormActions
          pending={create.isPending}
          error={create.error?.message}
          onCancel={close}
          submitLabel="Create test list"
          pendingLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
