"use client";

import { useProjects } from "@/lib/queries/projects";
import { FormField } from "@/components/ui/form-field";

/** Optional project for a key; empty means the key works across the organization. */
export function ProjectSelect({ value, onChange, error }: { value: string; onChange: (id: string) => void; error?: string }) {
  const projects = useProjects();
  const hint = projects.error
    ? `Projects could not be loaded (${projects.error.message}); the key will be organization-wide.`
    : "Limit the key to one project, or leave it organization-wide.";
  return (
    <FormField id="api-key-project" label="Project (optional)" hint={hint} error={error}>
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
