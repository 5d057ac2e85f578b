"use client";

import { useProjects } from "@/hooks/projects";
import { FormField } from "@/components/ui/form-field";

interface ProjectSelectProps {
  id: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  /** What choosing a project means here. */
  hint: string;
  /** What happens when the projects cannot be loaded (the choice stays organization-wide). */
  fallback: string;
}

/** An optional project; empty means the whole organization. */
export function ProjectSelect({ id, value, onChange, error, hint, fallback }: ProjectSelectProps) {
  const projects = useProjects();
  const shownHint = projects.error ? `Projects could not be loaded (${projects.error.message}); ${fallback}` : hint;
  return (
    <FormField id={id} label="Project (optional)" hint={shownHint} error={error}>
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
