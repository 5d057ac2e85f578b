"use client";

import { useState } from "react";
import { DateText } from "@/components/ui/date-text";
import { useRouter } from "next/navigation";
import { roleHas, type Role } from "@/lib/auth/permissions";
import { useDeleteTemplate, useUpdateTemplate, type Template, type TemplateVersion } from "@/hooks/templates";
import { PageHeader } from "@/components/ui/page-header";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorBanner } from "@/components/ui/error-banner";
import { changedFields, changesContent, draftOf, serverErrors, type Draft } from "@/components/templates/template-draft";
import { useTemplateForm } from "@/components/templates/use-template-form";
import { TemplateEditor } from "@/components/templates/template-editor";
import { sampleVariables, TemplatePreview, type Samples } from "@/components/templates/template-preview";
import { VersionHistory } from "@/components/templates/version-history";
import { SendTestForm } from "@/components/templates/send-test-form";

const VIEWER = "Viewers can read and preview templates, but not change or send them. Ask an owner or admin for the member role.";

/** A saved template: edit it (each content change saves a version), preview, history, test send, delete. */
export function TemplateWorkspace({ template, role }: { template: Template; role: Role }) {
  const canManage = roleHas(role, "templates.manage");
  const canSend = roleHas(role, "email.send");
  const router = useRouter();
  const update = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const { draft, errors, formRef, change: changeDraft, check, refused, reset } = useTemplateForm(() => draftOf(template, template.name));
  // What the last save or load did; any edit makes it stale.
  const [status, setStatus] = useState<{ text: string; saved: boolean } | null>(null);
  const [samples, setSamples] = useState<Samples>({});
  const [deleting, setDeleting] = useState(false);

  const patch = changedFields(draft, template);
  const dirty = Object.keys(patch).length > 0;
  const unnamedError = update.error && Object.keys(serverErrors(update.error)).length === 0;

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!check()) return;
    update.mutate(
      { id: template.id, input: patch },
      {
        onSuccess: (saved) => {
          reset(draftOf(saved, saved.name));
          setStatus({
            saved: true,
            text: changesContent(patch)
              ? `Saved as version ${saved.version}.`
              : `Saved. Only the name changed, so this is still version ${saved.version}.`,
          });
        },
        onError: refused,
      },
    );
  }

  function change(next: Draft) {
    setStatus(null);
    changeDraft(next);
  }

  function editFrom(version: TemplateVersion) {
    reset(draftOf(version, draft.name));
    setStatus({ saved: false, text: `Version ${version.version} is in the editor. Save to make it the newest version.` });
    document.getElementById("template-name")?.focus();
  }

  return (
    <>
      <PageHeader
        title={template.name}
        description={
          <>
            Version {template.version}, updated <DateText value={template.updatedAt} show="time" />. Each save that changes the content adds
            a version; sends use the newest unless they pin one.
          </>
        }
        action={
          canManage && (
            <button type="button" className="btn-danger" onClick={() => setDeleting(true)}>
              Delete template
            </button>
          )
        }
      />
      {!canManage && <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{VIEWER}</p>}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <form
          ref={formRef}
          onSubmit={save}
          noValidate
          aria-labelledby="template-content-heading"
          className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <h2 id="template-content-heading" className="text-lg font-semibold">
            Content
          </h2>
          <TemplateEditor draft={draft} onChange={change} errors={errors} readOnly={!canManage} />
          {canManage && (
            <div className="flex flex-col gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
              <p aria-live="polite" className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="template-save-status">
                {status ? (
                  <span className={status.saved ? "text-green-700 dark:text-green-400" : undefined}>{status.text}</span>
                ) : dirty ? (
                  "Unsaved changes."
                ) : (
                  "No unsaved changes."
                )}
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                {dirty && (
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() => {
                      setStatus(null);
                      reset(draftOf(template, template.name));
                    }}
                    disabled={update.isPending}
                  >
                    Discard changes
                  </button>
                )}
                <button type="submit" className="btn-primary" disabled={!dirty || update.isPending}>
                  {update.isPending ? "Saving…" : "Save"}
                </button>
              </div>
            </div>
          )}
          {update.error && <ErrorBanner message={unnamedError ? update.error.message : "Not saved: fix the problem marked above."} />}
        </form>

        <TemplatePreview
          templateId={template.id}
          version={template.version}
          variables={template.variables}
          samples={samples}
          onSamplesChange={setSamples}
          note={
            dirty && (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
                Unsaved changes are not in the preview: it shows version {template.version} as saved. Save to preview them.
              </p>
            )
          }
        />
      </div>

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <VersionHistory
          templateId={template.id}
          templateName={template.name}
          currentVersion={template.version}
          samples={samples}
          onEditFrom={canManage ? editFrom : undefined}
        />
        <SendTestForm
          templateId={template.id}
          version={template.version}
          samples={sampleVariables(samples, template.variables)}
          canSend={canSend}
          canConfigureSafety={roleHas(role, "safety.configure")}
        />
      </div>

      <ConfirmDialog
        open={deleting}
        title="Delete template?"
        description={
          <>
            <strong className="break-words">{template.name}</strong> and{" "}
            {template.version === 1 ? "its one version are" : `all ${template.version} of its versions are`} deleted. Sends that name it,
            scheduled ones included, fail with TEMPLATE_NOT_FOUND. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error?.message}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(template.id, { onSuccess: () => router.push("/templates") })}
      />
    </>
  );
}
