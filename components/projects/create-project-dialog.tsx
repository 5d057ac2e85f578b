"use client";

import { useState } from "react";
import { createProjectSchema } from "@/lib/projects/schemas";
import { useCreateProject } from "@/hooks/projects";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";

const MESSAGES = { name: "Give the project a name of up to 100 characters." };

export function CreateProjectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateProject();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();

  function close() {
    setName("");
    setError(undefined);
    create.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createProjectSchema.safeParse({ name });
    if (!parsed.success) {
      setError(fieldErrors<"name">(parsed.error, MESSAGES).name);
      return;
    }
    setError(undefined);
    // A duplicate name answers 409 with a message naming it; it shows in the banner below.
    create.mutate(parsed.data, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create project"
      description="Projects keep the sending, keys and data of separate apps or environments apart."
      dismissible={!create.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="project-name" label="Name" hint="For example “Marketing site” or “Staging”." error={error}>
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <FormActions
          pending={create.isPending}
          error={create.error?.message}
          onCancel={close}
          submitLabel="Create project"
          pendingLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
