"use client";

import Link from "next/link";
import type { Role } from "@/lib/auth/permissions";
import { useTemplate } from "@/hooks/templates";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/empty-state";
import { TemplateWorkspace } from "@/components/templates/template-workspace";

export function BackToTemplates() {
  return (
    <Link href="/templates" className="mb-4 inline-block text-sm text-brand-600 hover:underline dark:text-brand-500">
      <span aria-hidden="true">← </span>All templates
    </Link>
  );
}

/** One template's page: loads it, then hands it to the workspace (keyed, so another template starts afresh). */
export function TemplateDetailView({ templateId, role }: { templateId: string; role: Role }) {
  const template = useTemplate(templateId);
  return (
    <>
      <BackToTemplates />
      <QueryState
        query={template}
        loading="Loading the template…"
        rows={3}
        errorViews={{
          404: (
            <EmptyState title="Template not found" action={{ label: "Back to templates", href: "/templates" }}>
              It may have been deleted, with all its versions.
            </EmptyState>
          ),
        }}
      >
        {(data) => <TemplateWorkspace key={data.id} template={data} role={role} />}
      </QueryState>
    </>
  );
}
