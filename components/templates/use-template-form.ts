"use client";

import { useRef, useState } from "react";
import { checkDraft, NO_ERRORS, serverErrors, type Draft, type DraftErrors, type DraftField } from "@/components/templates/template-draft";

/**
 * The editor's draft and its problems: a field's message goes when that field changes;
 * save checks the whole draft with the route's schema and takes the server's messages by field.
 */
export function useTemplateForm(initial: Draft | (() => Draft)) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  function change(next: Draft) {
    const changed = (Object.keys(next) as DraftField[]).filter((k) => next[k] !== draft[k]);
    setErrors((prev) => ({
      fields: Object.fromEntries(Object.entries(prev.fields).filter(([k]) => !changed.includes(k as DraftField))),
      rows: changed.includes("variables") ? {} : prev.rows,
    }));
    setDraft(next);
  }

  /** The create body when the draft is valid; otherwise its problems are shown and focused. */
  function check() {
    const { input, errors: found } = checkDraft(draft);
    setErrors(found);
    if (!input) focusFirstProblem();
    return input;
  }

  /** The server's refusal, by field where it names one. */
  function refused(error: Error) {
    setErrors({ fields: serverErrors(error), rows: {} });
    focusFirstProblem();
  }

  function reset(next: Draft) {
    setDraft(next);
    setErrors(NO_ERRORS);
  }

  return { draft, errors, formRef, change, check, refused, reset };
}
