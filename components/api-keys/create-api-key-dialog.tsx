"use client";

import { useState } from "react";
import type { Scope } from "@/lib/auth/permissions";
import { createApiKeySchema } from "@/lib/api-keys/schemas";
import { useCreateApiKey, type CreatedApiKey } from "@/hooks/api-keys";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { fieldErrors } from "@/components/ui/field-errors";
import { ScopesPicker } from "@/components/api-keys/scopes-picker";
import { ProjectSelect } from "@/components/ui/project-select";

type Field = "name" | "scopes" | "projectId";

const MESSAGES: Record<Field, string> = {
  name: "Give the key a name of up to 100 characters.",
  scopes: "Pick at least one scope.",
  projectId: "Pick a project from the list.",
};

interface CreateApiKeyDialogProps {
  open: boolean;
  onClose: () => void;
  /** Receives the whole key once; the caller shows it and then forgets it. */
  onCreated: (created: CreatedApiKey) => void;
}

export function CreateApiKeyDialog({ open, onClose, onCreated }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["email:send"]);
  const [projectId, setProjectId] = useState("");
  const [allowBulk, setAllowBulk] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function close() {
    setName("");
    setScopes(["email:send"]);
    setProjectId("");
    setAllowBulk(false);
    setErrors({});
    create.reset();
    onClose();
  }

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = createApiKeySchema.safeParse({ name, scopes, projectId: projectId || undefined, allowBulk });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error, MESSAGES));
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      onCreated(created);
      close();
    } catch {
      // create.error holds the API's message; it is shown below the form.
    }
  }

  return (
    <Dialog open={open} onClose={close} title="Create API key" dismissible={!create.isPending} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <FormField
          id="api-key-name"
          label="Name"
          hint="Something that says where the key is used, e.g. “Production server”."
          error={errors.name}
        >
          <input
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
            autoComplete="off"
            data-autofocus
          />
        </FormField>
        <ScopesPicker value={scopes} onChange={setScopes} error={errors.scopes} />
        <ProjectSelect
          id="api-key-project"
          value={projectId}
          onChange={setProjectId}
          error={errors.projectId}
          hint="Limit the key to one project, or leave it organization-wide."
          fallback="the key will be organization-wide."
        />
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={allowBulk}
            onChange={(e) => setAllowBulk(e.target.checked)}
          />
          <span>
            <span className="font-medium">Allow bulk sends</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              In production, sends to more recipients than the organization&apos;s two-factor threshold need a key with this.
            </span>
          </span>
        </label>
        <FormActions
          pending={create.isPending}
          error={create.error?.message}
          onCancel={close}
          submitLabel="Create API key"
          pendingLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
