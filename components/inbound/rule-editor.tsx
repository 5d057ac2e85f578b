"use client";
// Create or edit one inbound rule: name, priority, enabled, conditions and actions, checked with
// the route's own schema before anything is sent; the server's refusal shows by field and in
// full. Saving keeps the editor open so the rule can be tried at once in the test box below.
import { useRef, useState } from "react";
import { useCreateRule, useUpdateRule, type InboundRule } from "@/hooks/inbound";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConditionsEditor } from "@/components/inbound/conditions-editor";
import { ActionsEditor } from "@/components/inbound/actions-editor";
import { RuleTestBox } from "@/components/inbound/rule-test-box";
import { checkDraft, draftOf, type RuleDraft } from "@/components/inbound/rule-draft";
import { serverErrors, type RuleErrors } from "@/components/inbound/rule-errors";

/** The problems left once `path` (and everything under it) changed. */
const without = (errors: RuleErrors, path: string): RuleErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== path && !k.startsWith(`${path}.`)));

export function RuleEditor({ rule, onDone }: { rule: InboundRule | null; onDone: () => void }) {
  const create = useCreateRule();
  const update = useUpdateRule();
  // The rule as last saved: null until a new one is created.
  const [saved, setSaved] = useState<InboundRule | null>(rule);
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const [errors, setErrors] = useState<RuleErrors>({});
  const [dirty, setDirty] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = saved ? update : create;
  const pending = create.isPending || update.isPending;

  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  function change(patch: Partial<RuleDraft>, path: string) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((prev) => without(prev, path));
    setDirty(true);
    setStatus(null);
  }

  function refused(error: Error) {
    setErrors(serverErrors(error));
    focusFirstProblem();
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { input, errors: found } = checkDraft(draft);
    setErrors(found);
    if (!input) {
      focusFirstProblem();
      return;
    }
    if (saved) {
      // Metadata is not edited here: left out, the server keeps it.
      const { name, priority, isEnabled, conditions, actions } = input;
      update.mutate(
        { id: saved.id, input: { name, priority, isEnabled, conditions, actions } },
        {
          onSuccess: (r) => {
            setSaved(r);
            setDirty(false);
            setStatus("Changes saved.");
          },
          onError: refused,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (r) => {
          setSaved(r);
          setDirty(false);
          setStatus("Rule created. Try it with the test below, or go back to all rules.");
        },
        onError: refused,
      });
    }
  }

  const back = () => (dirty ? setLeaving(true) : onDone());
  const note = !saved
    ? "This rule is not saved yet, so the test shows which of your saved rules match. Create it to see whether it matches too."
    : dirty
      ? "You have unsaved changes: the test uses this rule as last saved."
      : null;

  return (
    <div className="space-y-6">
      <div>
        <button type="button" className="text-sm text-brand-600 hover:underline dark:text-brand-500" onClick={back}>
          <span aria-hidden="true">← </span>All rules
        </button>
        <h2 className="mt-2 text-xl font-semibold break-words">{saved ? `Edit rule: ${saved.name}` : "New rule"}</h2>
      </div>

      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="space-y-6 rounded-lg border border-zinc-200 bg-white p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
        aria-label="Rule"
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[1fr_10rem]">
          <FormField id="rule-name" label="Name" error={errors.name}>
            <input
              className="input"
              value={draft.name}
              onChange={(e) => change({ name: e.target.value }, "name")}
              maxLength={200}
              autoComplete="off"
              placeholder="Invoices to billing"
            />
          </FormField>
          <FormField id="rule-priority" label="Priority" hint="Lower runs first." error={errors.priority}>
            <input
              className="input"
              inputMode="numeric"
              value={draft.priority}
              onChange={(e) => change({ priority: e.target.value }, "priority")}
              autoComplete="off"
            />
          </FormField>
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={draft.isEnabled}
            onChange={(e) => change({ isEnabled: e.target.checked }, "isEnabled")}
          />
          <span>
            <span className="font-medium">Enabled</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">
              A disabled rule is kept but does not run on incoming mail or in tests.
            </span>
          </span>
        </label>

        <ConditionsEditor value={draft} errors={errors} disabled={pending} onChange={change} />
        <ActionsEditor actions={draft.actions} errors={errors} disabled={pending} onChange={(actions, path) => change({ actions }, path)} />

        <div aria-live="polite" className="space-y-3">
          {mutation.error && <ErrorBanner message={mutation.error.message} />}
          {status && (
            <p
              className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800 dark:border-green-900 dark:bg-green-950/40 dark:text-green-300"
              data-testid="rule-saved"
            >
              {status}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={back} disabled={pending}>
            {saved && !dirty ? "Done" : "Cancel"}
          </button>
          <button type="submit" className="btn-primary" disabled={pending}>
            {pending ? "Saving…" : saved ? "Save changes" : "Create rule"}
          </button>
        </div>
      </form>

      <RuleTestBox focus={saved ? { id: saved.id, name: saved.name, isEnabled: saved.isEnabled } : null} note={note} />

      <ConfirmDialog
        open={leaving}
        title="Discard your changes?"
        description="The rule keeps its last saved version."
        confirmLabel="Discard changes"
        pending={false}
        onClose={() => setLeaving(false)}
        onConfirm={onDone}
      />
    </div>
  );
}
