"use client";

import { useState } from "react";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { auditQuerySchema } from "@/lib/audit/schemas";
import { useProjects } from "@/hooks/projects";
import { useCurrentProject } from "@/components/layout/use-current-project";
import { useMembers } from "@/hooks/members";
import { useApiKeys } from "@/hooks/api-keys";
import { useAudit, type AuditEntry, type AuditParams } from "@/hooks/audit";
import { PageHeader } from "@/components/ui/page-header";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { AuditFilters, localToIso, NO_FILTERS, type AuditFilterErrors, type AuditFilterValues } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { actorTypeLabel } from "@/components/audit/audit-describe";
import { AuditPagination } from "@/components/audit/audit-pagination";

const PAGE_SIZE = 25;

const NOT_A_DATE = "Enter a full date and time, or clear the field.";

/**
 * The query as GET /api/audit will read it, checked with the route's own schema (auditQuerySchema)
 * before it is sent; problems go next to the date fields, in the form's words.
 */
function checkQuery(params: AuditParams): { params: AuditParams | null; errors: AuditFilterErrors } {
  const parsed = auditQuerySchema.safeParse(params);
  const errors: AuditFilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "startDate") errors.from ??= NOT_A_DATE;
      else if (issue.path[0] === "endDate") errors.to ??= issue.code === "custom" ? "“To” must be after “From”." : NOT_A_DATE;
      else errors.from ??= issue.message;
    }
  }
  return { params: errors.from || errors.to ? null : params, errors };
}

export function AuditView({ role }: { role: Role }) {
  const projects = useProjects();
  const members = useMembers();
  const keys = useApiKeys();
  // The log is kept per project: the dashboard's current one, else the default project.
  const [chosenProject, setChosenProject] = useCurrentProject();
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const [offset, setOffset] = useState(0);

  const projectId = chosenProject ?? projects.data?.find((p) => p.isDefault)?.id ?? projects.data?.[0]?.id ?? null;
  const checked = projectId
    ? checkQuery({
        projectId,
        limit: PAGE_SIZE,
        offset,
        startDate: localToIso(filters.from),
        endDate: localToIso(filters.to),
        sendMode: filters.sendMode || undefined,
      })
    : { params: null, errors: {} };
  const dateError = checked.errors.from || checked.errors.to;
  const audit = useAudit(checked.params);

  const emails = new Map(members.data?.map((m) => [m.userId, m.email]));
  const keyNames = new Map(keys.data?.map((k) => [k.id, k.name]));
  function actorName(entry: AuditEntry): string {
    const id = entry.actorId;
    if (entry.actorType === "user") return (id && emails.get(id)) ?? "A former member";
    if (entry.actorType === "api_key") return id && keyNames.has(id) ? `API key “${keyNames.get(id)}”` : "An API key";
    return actorTypeLabel(entry.actorType);
  }

  function changeFilters(next: AuditFilterValues) {
    setFilters(next);
    setOffset(0);
  }

  function changeProject(id: string) {
    setChosenProject(id);
    setOffset(0);
  }

  const filtered = Boolean(filters.from || filters.to || filters.sendMode);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every send attempt, refused or not, and every change to providers, keys, members and safety settings, newest first."
      />

      <QueryState
        query={projects}
        loading="Loading projects…"
        rows={1}
        errorPrefix="Projects could not be loaded"
        isEmpty={() => !projectId}
        empty={<EmptyState title="No projects">The audit log is kept per project. Create a project first.</EmptyState>}
      >
        {(data) => (
          <>
            <AuditFilters
              projects={data}
              projectId={projectId!}
              onProjectChange={changeProject}
              values={filters}
              onChange={changeFilters}
              errors={checked.errors}
            />

            {!dateError && (
              <QueryState
                query={audit}
                loading="Loading audit entries…"
                rows={5}
                isEmpty={(page) => page.total === 0}
                empty={
                  <EmptyState
                    title={filtered ? "No entries match these filters" : "Nothing recorded yet"}
                    action={
                      filtered
                        ? { label: "Clear filters", onClick: () => changeFilters(NO_FILTERS) }
                        : roleHas(role, "email.send")
                          ? { label: "Send a test email", href: "/send" }
                          : undefined
                    }
                  >
                    {filtered
                      ? "Try wider dates or any send mode."
                      : "Sends from this project and changes to your account show up here as they happen."}
                  </EmptyState>
                }
              >
                {(page) => (
                  <div
                    aria-busy={audit.isFetching || undefined}
                    className={audit.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
                  >
                    <AuditTable entries={page.entries} actorName={actorName} />
                    <AuditPagination
                      offset={page.offset}
                      limit={PAGE_SIZE}
                      total={page.total}
                      count={page.entries.length}
                      busy={audit.isPlaceholderData}
                      onOffsetChange={setOffset}
                    />
                  </div>
                )}
              </QueryState>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
