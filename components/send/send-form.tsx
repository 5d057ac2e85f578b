"use client";

import { useRef, useState } from "react";
import { parseMailbox } from "@/lib/email/address";
import type { SendTestEmailInput } from "@/lib/queries/send";
import { FormField } from "@/components/ui/form-field";

type Field = "to" | "subject" | "text" | "html" | "from" | "fromName";
type Values = Record<Field, string>;
export type SendFormErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { to: "", subject: "", text: "", html: "", from: "", fromName: "" };
const MAX_RECIPIENTS = 50;

/** The form's values as a send body, or the problems to fix first. Mirrors lib/email/schemas. */
function toInput(v: Values): { input?: SendTestEmailInput; errors: SendFormErrors } {
  const errors: SendFormErrors = {};
  const to = v.to.split(/[,;\n]/).map((s) => s.trim()).filter(Boolean);
  const bad = to.filter((a) => !parseMailbox(a));
  if (to.length === 0) errors.to = "Enter at least one recipient.";
  else if (bad.length) errors.to = `Not a valid address: ${bad.slice(0, 3).join(", ")}`;
  else if (to.length > MAX_RECIPIENTS) errors.to = `At most ${MAX_RECIPIENTS} recipients.`;
  const subject = v.subject.trim();
  if (!subject) errors.subject = "Enter a subject.";
  if (!v.text.trim() && !v.html.trim()) errors.text = "Write a text body, an HTML body, or both.";
  const from = v.from.trim();
  if (from && !parseMailbox(from)) errors.from = "Enter an address like team@example.com or Team <team@example.com>.";
  const fromName = v.fromName.trim();
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    input: {
      to,
      subject,
      text: v.text.trim() ? v.text : undefined,
      html: v.html.trim() ? v.html : undefined,
      from: from || undefined,
      fromName: fromName || undefined,
    },
  };
}

interface SendFormProps {
  disabled: boolean;
  pending: boolean;
  onSend: (input: SendTestEmailInput) => void;
}

/** To, subject and body, with optional HTML and sender. Values stay after sending, to send again. */
export function SendForm({ disabled, pending, onSend }: SendFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<SendFormErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { input, errors: found } = toInput(values);
    setErrors(found);
    if (input) onSend(input);
    else requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
      <fieldset disabled={disabled} className="space-y-4">
        <legend className="sr-only">Email</legend>
        <FormField id="send-to" label="To" hint="Separate several addresses with commas." error={errors.to}>
          <input className="input" type="text" inputMode="email" value={values.to} onChange={set("to")} autoComplete="email" placeholder="you@example.com" />
        </FormField>
        <FormField id="send-subject" label="Subject" error={errors.subject}>
          <input className="input" value={values.subject} onChange={set("subject")} maxLength={998} autoComplete="off" />
        </FormField>
        <FormField id="send-text" label="Text body" hint="Plain text, shown by every mail client." error={errors.text}>
          <textarea className="input min-h-32" value={values.text} onChange={set("text")} />
        </FormField>

        <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-sm font-medium">Optional</p>
          <div className="mt-3 space-y-4">
            <FormField id="send-html" label="HTML body (optional)" hint="Sent alongside the text body; clients that show HTML use it." error={errors.html}>
              <textarea className="input min-h-24 font-mono text-xs" value={values.html} onChange={set("html")} spellCheck={false} placeholder="<p>Hello</p>" />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField id="send-from" label="From address (optional)" hint="Blank uses the server's default sender." error={errors.from}>
                <input className="input" type="text" inputMode="email" value={values.from} onChange={set("from")} autoComplete="off" placeholder="team@example.com" />
              </FormField>
              <FormField id="send-from-name" label="From name (optional)" error={errors.fromName}>
                <input className="input" value={values.fromName} onChange={set("fromName")} maxLength={200} autoComplete="off" placeholder="Example Team" />
              </FormField>
            </div>
          </div>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={disabled || pending}>
          {pending ? "Sending…" : "Send email"}
        </button>
      </div>
    </form>
  );
}
