"use client";

import { useProjects } from "@/lib/queries/projects";
import { FormField } from "@/components/ui/form-field";

/** Optional project for a new endpoint; empty means events from every project. */
export function EndpointProjectSelect({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const projects = useProjects();
  const hint = projects.error
    ? `Projects could not be loaded (${projects.error.message}); the endpoint will get events from every project.`
    : "Only events from one project's email, or from all of them. This cannot be changed later.";
  return (
    <FormField id="webhook-project" label="Project (optional)" hint={hint} error={error}>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)} disabled={projects.isPending}>
        <option value="">{projects.isPending ? "Loading projects…" : "All projects (organization-wide)"}</option>
        {projects.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.isDefault ? " (default)" : ""}
          </option>
        ))}
      </select>
    </FormField>
  );
}
