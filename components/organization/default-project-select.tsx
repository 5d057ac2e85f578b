"use client";
// The organization's default project (PATCH /api/v1/organization {defaultProjectId}): the project
// sends without a project are recorded under. Owners and admins choose; the others see why not.
import { useProjects } from "@/hooks/projects";
import { useUpdateOrganization } from "@/hooks/organization";
import { FormField } from "@/components/ui/form-field";

const MEANING = "Sends made without a project (from the dashboard, or with a key not bound to one) are recorded under this project.";

export function DefaultProjectSelect({ defaultProjectId, canManage }: { defaultProjectId: string | null; canManage: boolean }) {
  const projects = useProjects();
  const update = useUpdateOrganization({ inlineError: true });
  const hint = projects.error
    ? `Projects could not be loaded (${projects.error.message}).`
    : canManage
      ? MEANING
      : `${MEANING} Only owners and admins can change the default project.`;

  return (
    <div className="space-y-2">
      <FormField id="org-default-project" label="Default project" hint={hint} error={update.error?.message}>
        <select
          className="input"
          value={defaultProjectId ?? ""}
          disabled={!canManage || projects.isPending || !!projects.error || update.isPending}
          onChange={(e) => {
            if (e.target.value && e.target.value !== defaultProjectId) update.mutate({ defaultProjectId: e.target.value });
          }}
        >
          {(projects.isPending || projects.error) && (
            <option value={defaultProjectId ?? ""}>{projects.isPending ? "Loading projects…" : "Projects unavailable"}</option>
          )}
          {projects.data && defaultProjectId === null && (
            <option value="" disabled>
              No default project
            </option>
          )}
          {projects.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </FormField>
      {update.isPending && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Saving…
        </p>
      )}
    </div>
  );
}
