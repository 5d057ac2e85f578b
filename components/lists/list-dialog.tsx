"use client";

import { useState } from "react";
import { createListSchema, updateListSchema } from "@/lib/lists/schemas";
import { useCreateList, useUpdateList, type ContactList } from "@/hooks/lists";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";

type Field = "name" | "description";

/** Creates a list, or renames and redescribes one (`list`), checked with the route's own schema first. */
export function ListDialog({ open, list, onClose }: { open: boolean; list?: ContactList | null; onClose: () => void }) {
  const create = useCreateList();
  const update = useUpdateList();
  const save = list ? update : create;
  const [name, setName] = useState(list?.name ?? "");
  const [description, setDescription] = useState(list?.description ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close() {
    setName(list?.name ?? "");
    setDescription(list?.description ?? "");
    setErrors({});
    create.reset();
    update.reset();
    onClose();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (list) {
      const parsed = updateListSchema.safeParse({ name, description });
      if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
      setErrors({});
      update.mutate({ id: list.id, input: parsed.data }, { onSuccess: close });
    } else {
      const parsed = createListSchema.safeParse({ name, description });
      if (!parsed.success) return setErrors(fieldErrors<Field>(parsed.error));
      setErrors({});
      create.mutate(parsed.data, { onSuccess: close });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={list ? "Edit list" : "New list"}
      description="A static list of contacts: campaigns send to it and sequences can start when contacts join it."
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="list-name" label="Name" hint="Unique in your organization; one line." error={errors.name}>
          <input
            className="input"
            type="text"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <FormField id="list-description" label="Description" hint="Optional: who is on it." error={errors.description}>
          <textarea className="input h-20" value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={list ? "Save" : "Create list"}
          pendingLabel={list ? "Saving…" : "Creating…"}
        />
      </form>
    </Dialog>
  );
}
