"use client";
// The organization's name, changed with the route's own schema (PATCH /api/v1/organization).
import { useState } from "react";
import { updateOrganizationSchema } from "@/lib/orgs/schemas";
import { useUpdateOrganization } from "@/hooks/organization";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { fieldErrors } from "@/components/ui/field-errors";

export function RenameForm({ name, canManage }: { name: string; canManage: boolean }) {
  const [value, setValue] = useState(name);
  const [problem, setProblem] = useState<string>();
  const update = useUpdateOrganization({ inlineError: true });
  const changed = value.trim() !== name;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = updateOrganizationSchema.safeParse({ name: value });
    if (!parsed.success)
      return setProblem(fieldErrors<"name">(parsed.error, { name: "Give the organization a name (at most 100 characters)" }).name);
    setProblem(undefined);
    update.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <FormField
        id="org-name"
        label="Name"
        error={problem}
        hint={canManage ? undefined : "Only owners and admins can rename the organization."}
      >
        <input
          className="input"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={100}
          disabled={!canManage}
          autoComplete="organization"
        />
      </FormField>
      {update.error && <ErrorBanner message={update.error.message} />}
      {canManage && (
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={!changed || update.isPending}>
            {update.isPending ? "Saving…" : "Save name"}
          </button>
          {update.isSuccess && !changed && (
            <span role="status" className="text-sm text-green-700 dark:text-green-400">
              Saved.
            </span>
          )}
        </div>
      )}
    </form>
  );
}
