"use client";

import { useState } from "react";
import { DateText } from "@/components/ui/date-text";
import Link from "next/link";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useTemplates } from "@/hooks/templates";
import { PageHeader } from "@/components/ui/page-header";
import { RestrictedAction } from "@/components/ui/restricted-action";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { Badge } from "@/components/ui/badge";
import { PagedList } from "@/components/ui/paged-list";

const PER_PAGE = 25;
const NO_PERMISSION = "Viewers can read templates but not create them.";

export function TemplatesView({ role }: { role: Role }) {
  const canManage = roleHas(role, "templates.manage");
  const [page, setPage] = useState(1);
  const templates = useTemplates(page, PER_PAGE);
  const list = templates.data?.items ?? [];
  const newButton = canManage ? (
    <Link href="/templates/new" className="btn-primary">
      New template
    </Link>
  ) : (
    <RestrictedAction allowed={false} reason={NO_PERMISSION} onClick={() => {}}>
      New template
    </RestrictedAction>
  );

  return (
    <>
      <PageHeader
        title="Templates"
        description="Reusable emails with variables, written in Handlebars. Each change is kept as a version; send one with templateId from the API, now or scheduled."
        action={newButton}
      />

      <QueryState
        query={templates}
        loading="Loading templates…"
        isEmpty={(data) => data.pagination.total === 0}
        empty={
          <EmptyState title="No templates yet" action={canManage ? { label: "Create a template", href: "/templates/new" } : undefined}>
            {canManage
              ? "Write a subject and body with variables like {{firstName}}, preview it with sample values, then send it with its templateId."
              : "Ask a member, admin or owner of your organization to create one."}
          </EmptyState>
        }
      >
        {(data) => (
          <PagedList
            label="Templates"
            navLabel="Template pages"
            page={page}
            pageSize={PER_PAGE}
            total={data.pagination.total}
            count={list.length}
            query={templates}
            onPageChange={setPage}
          >
            {list.map((t) => (
              <li
                key={t.id}
                className="relative px-4 py-3 first:rounded-t-lg last:rounded-b-lg hover:bg-zinc-50 dark:hover:bg-zinc-800/60"
                data-testid="template-row"
              >
                <div className="flex flex-wrap items-center gap-2">
                  {/* The link covers the row, so the whole row opens the template. */}
                  <Link
                    href={`/templates/${t.id}`}
                    className="font-medium break-words text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-500 dark:text-brand-50"
                  >
                    {t.name}
                  </Link>
                  <Badge>Version {t.version}</Badge>
                </div>
                <div className="mt-1 flex flex-col gap-x-4 text-sm text-zinc-600 sm:flex-row sm:justify-between dark:text-zinc-400">
                  <span className="truncate" title={t.subject}>
                    {t.subject}
                  </span>
                  <span className="shrink-0 text-xs">
                    Updated <DateText value={t.updatedAt} show="time" />
                  </span>
                </div>
              </li>
            ))}
          </PagedList>
        )}
      </QueryState>
    </>
  );
}
