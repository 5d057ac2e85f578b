"use client";
// "Test a message": a sample email (from, to, subject, body, optional headers, cc, attachments
// and size), checked with the test route's own schema (ruleTestSchema) and run against the saved,
// enabled rules by POST /api/inbound/test. Nothing is executed; the result names the rules
// that would match and, in the editor, whether the rule being edited is one of them.
import { useId, useState } from "react";
import { useTestRules } from "@/hooks/inbound";
import { EMPTY, check, type Field, type Sample } from "@/components/inbound/rule-test-sample";
import { FormField } from "@/components/ui/form-field";
import { ErrorBanner } from "@/components/ui/error-banner";
import { RuleTestResultView, type FocusRule } from "@/components/inbound/rule-test-result";

interface RuleTestBoxProps {
  /** The rule being edited, as saved: the result says whether it matched. */
  focus?: FocusRule | null;
  /** Why the result may not reflect the form (unsaved changes, a rule not saved yet). */
  note?: string | null;
}

export function RuleTestBox({ focus, note }: RuleTestBoxProps) {
  const id = useId();
  const test = useTestRules();
  const [sample, setSample] = useState<Sample>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const set = (field: Field, value: string) => {
    setSample((s) => ({ ...s, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const { input, errors: found } = check(sample);
    setErrors(found);
    if (!input) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    test.mutate(input);
  }

  const field = (name: Field, label: string, control: React.ReactElement<React.InputHTMLAttributes<HTMLElement>>, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      {control}
    </FormField>
  );

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="rule-test-box"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {focus ? "Test this rule" : "Test a message"}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Describe a message to see which saved, enabled rules would match it, in order. Nothing is sent, stored or forwarded.
      </p>
      {note && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200">{note}</p>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field(
            "from",
            "Sample from",
            <input
              className="input"
              type="email"
              value={sample.from}
              onChange={(e) => set("from", e.target.value)}
              placeholder="billing@vendor.example"
              autoComplete="off"
              spellCheck={false}
            />,
          )}
          {field(
            "to",
            "Sample to",
            <input
              className="input"
              value={sample.to}
              onChange={(e) => set("to", e.target.value)}
              placeholder="inbox@your-domain.example"
              autoComplete="off"
              spellCheck={false}
            />,
            "One address, or several separated by commas.",
          )}
        </div>
        {field(
          "subject",
          "Sample subject",
          <input
            className="input"
            value={sample.subject}
            onChange={(e) => set("subject", e.target.value)}
            maxLength={998}
            autoComplete="off"
          />,
        )}
        {field(
          "body",
          "Sample body (optional)",
          <textarea className="input h-24" value={sample.body} onChange={(e) => set("body", e.target.value)} />,
        )}
        {field(
          "headers",
          "Headers (optional)",
          <textarea
            className="input h-16 font-mono text-xs"
            value={sample.headers}
            onChange={(e) => set("headers", e.target.value)}
            placeholder="X-Spam-Flag: YES"
            spellCheck={false}
          />,
          "One Name: value per line.",
        )}
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-50">Cc, attachments and size</summary>
          <div className="mt-3 space-y-4">
            {field(
              "cc",
              "Cc (optional)",
              <input
                className="input"
                value={sample.cc}
                onChange={(e) => set("cc", e.target.value)}
                autoComplete="off"
                spellCheck={false}
              />,
            )}
            {field(
              "attachments",
              "Attachments (optional)",
              <textarea
                className="input h-16 font-mono text-xs"
                value={sample.attachments}
                onChange={(e) => set("attachments", e.target.value)}
                placeholder="invoice.pdf, application/pdf"
                spellCheck={false}
              />,
              "One filename, content type per line.",
            )}
            {field(
              "size",
              "Size in bytes (optional)",
              <input
                className="input"
                inputMode="numeric"
                value={sample.size}
                onChange={(e) => set("size", e.target.value)}
                autoComplete="off"
              />,
              "Default: the size of the subject and body.",
            )}
          </div>
        </details>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={test.isPending}>
            {test.isPending ? "Testing…" : "Run test"}
          </button>
          {test.data && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setSample(EMPTY);
                setErrors({});
                test.reset();
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>
      <div aria-live="polite" className="*:mt-4">
        {test.error && <ErrorBanner message={test.error.message} />}
        {test.data && !test.isPending && <RuleTestResultView result={test.data} focus={focus} />}
      </div>
    </section>
  );
}
