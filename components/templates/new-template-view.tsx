"use client";

import { useRouter } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useCreateTemplate } from "@/hooks/templates";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorBanner } from "@/components/ui/error-banner";
import { EMPTY_DRAFT, serverErrors } from "@/components/templates/template-draft";
import { useTemplateForm } from "@/components/templates/use-template-form";
import { TemplateEditor } from "@/components/templates/template-editor";
import { BackToTemplates } from "@/components/templates/template-detail-view";

/** A new template: written here, saved as version 1, then previewed on its own page. */
export function NewTemplateView({ role }: { role: Role }) {
  const canManage = roleHas(role, "templates.manage");
  const router = useRouter();
  const create = useCreateTemplate();
  const { draft, errors, formRef, change: changeDraft, check, refused } = useTemplateForm(EMPTY_DRAFT);
  const unnamedError = create.error && Object.keys(serverErrors(create.error)).length === 0;

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = check();
    if (input) create.mutate(input, { onSuccess: (t) => router.replace(`/templates/${t.id}`), onError: refused });
  }

  if (!canManage) {
    return (
      <>
        <BackToTemplates />
        <PageHeader title="New template" description="Templates hold a subject and bodies with variables, saved in versions." />
        <EmptyState title="Your role cannot create templates">
          Viewers can read and preview templates. Ask an owner or admin for the member role.
        </EmptyState>
      </>
    );
  }

  return (
    <>
      <BackToTemplates />
      <PageHeader
        title="New template"
        description="Write the subject and bodies with Handlebars variables, declare the variables, and save it as version 1. Its page then shows a live preview rendered by the server, exactly as a send renders it."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <form
          ref={formRef}
          onSubmit={save}
          noValidate
          aria-label="New template"
          className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <TemplateEditor draft={draft} onChange={changeDraft} errors={errors} readOnly={false} />
          <div className="flex justify-end border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={create.isPending}>
              {create.isPending ? "Saving…" : "Save template"}
            </button>
          </div>
          {create.error && <ErrorBanner message={unnamedError ? create.error.message : "Not saved: fix the problem marked above."} />}
        </form>
        <section
          aria-labelledby="new-preview-heading"
          className="rounded-lg border border-dashed border-zinc-300 p-4 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"
        >
          <h2 id="new-preview-heading" className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">
            Preview
          </h2>
          <p className="mt-2">
            Save the template to see it rendered. The preview comes from the server&apos;s own renderer, so escaping and defaults look
            exactly as they will in a sent email.
          </p>
          <p className="mt-2">
            After saving you can fill in sample values, send yourself a test, and keep editing: each save that changes the content adds a
            version.
          </p>
        </section>
      </div>
    </>
  );
}
