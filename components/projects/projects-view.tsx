"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useProjects } from "@/hooks/projects";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { CreateProjectDialog } from "@/components/projects/create-project-dialog";

export function ProjectsView({ role }: { role: Role }) {
  const canManage = roleHas(role, "org.manage");
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  return (
    <>
      <PageHeader
        title="Projects"
        description="Every organization starts with a default project. Add more to separate apps or environments, then limit API keys to one of them."
        action={
          <RestrictedAction allowed={canManage} reason="Only owners and admins can create projects." onClick={openCreate}>
            Create project
          </RestrictedAction>
        }
      />

      <QueryState
        query={projects}
        loading="Loading projects…"
        rows={2}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState title="No projects yet" action={canManage ? { label: "Create project", onClick: openCreate } : undefined}>
            {canManage ? "Create a project to group your sending and API keys." : "Ask an owner or admin to create one."}
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
            {data.map((p) => (
              <li key={p.id} className="flex flex-col gap-1 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-all">{p.name}</span>
                  {p.isDefault && <Badge tone="brand">Default</Badge>}
                </div>
                <span className="text-xs text-zinc-500 dark:text-zinc-400">
                  Created <DateText value={p.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
