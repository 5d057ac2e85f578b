"use client";

import { useProjects } from "@/hooks/projects";
import { useCurrentProject } from "@/components/layout/use-current-project";

const SWITCHER_ID = "project-switcher";

/**
 * The current project, remembered in this browser. Only the overview's activity, the messages log
 * and the audit log follow it (every other page shows the whole organization), and the label says so.
 * Hidden while the organization has a single project: there is nothing to choose.
 */
export function ProjectSwitcher() {
  const projects = useProjects();
  const [current, setCurrent] = useCurrentProject();
  if (!projects.data || projects.data.length < 2) return null;

  return (
    <div className="flex min-w-0 items-center gap-2 text-zinc-600 dark:text-zinc-300">
      <label htmlFor={SWITCHER_ID} className="whitespace-nowrap">
        Project <span className="text-xs text-zinc-500 dark:text-zinc-400">(overview, messages, audit log)</span>
      </label>
      <select
        id={SWITCHER_ID}
        className="min-w-0 max-w-[14rem] rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        value={current ?? ""}
        onChange={(e) => setCurrent(e.target.value || null)}
      >
        <option value="">All projects</option>
        {projects.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.isDefault ? " (default)" : ""}
          </option>
        ))}
      </select>
    </div>
  );
}
