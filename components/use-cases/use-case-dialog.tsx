"use client";

import { useState } from "react";
import { createUseCaseSchema, updateUseCaseSchema } from "@/lib/use-cases/schemas";
import { useCreateUseCase, useUpdateUseCase, type UseCase } from "@/hooks/use-cases";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";

type Field = "name" | "description";
const MESSAGES: Partial<Record<Field, string>> = { description: "Keep the description under 2,000 characters." };

/**
 * Names a new use case, or renames and redescribes one (`useCase`), checked with the route's own
 * schema before it is sent. Mounted afresh for each use case, so its fields start from it.
 */
export function UseCaseDialog({ open, useCase, onClose }: { open: boolean; useCase?: UseCase | null; onClose: () => void }) {
  const create = useCreateUseCase();
  const update = useUpdateUseCase();
  const save = useCase ? update : create;
  const [name, setName] = useState(useCase?.name ?? "");
  const [description, setDescription] = useState(useCase?.description ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close() {
    setName(useCase?.name ?? "");
    setDescription(useCase?.description ?? "");
    setErrors({});
    create.reset();
    update.reset();
    onClose();
  }

  function invalid(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = found.name ? "name" : "description";
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`#use-case-${first}`)?.focus());
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (useCase) {
      const parsed = updateUseCaseSchema.safeParse({ name, description });
      if (!parsed.success) return invalid(fieldErrors<Field>(parsed.error, MESSAGES));
      setErrors({});
      update.mutate({ id: useCase.id, input: parsed.data }, { onSuccess: close });
    } else {
      const parsed = createUseCaseSchema.safeParse({ name, description });
      if (!parsed.success) return invalid(fieldErrors<Field>(parsed.error, MESSAGES));
      setErrors({});
      create.mutate(parsed.data, { onSuccess: close });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={useCase ? "Edit use case" : "New use case"}
      description={
        useCase
          ? "Sends that name this use case keep naming it; only its name and description change."
          : "A name for one kind of mail you send, like “Password resets” or “Newsletter”. Sends name it with use_case_id."
      }
      dismissible={!save.isPending}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="use-case-name" label="Name" hint="Unique in your organization; one line." error={errors.name}>
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
        <FormField
          id="use-case-description"
          label="Description"
          hint="Optional: what this mail is and who gets it."
          error={errors.description}
        >
          <textarea className="input h-24" value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormField>
        <FormActions
          pending={save.isPending}
          error={save.error?.message}
          onCancel={close}
          submitLabel={useCase ? "Save" : "Create use case"}
          pendingLabel={useCase ? "Saving…" : "Creating…"}
        />
      </form>
    </Dialog>
  );
}
