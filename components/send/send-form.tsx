"use client";

import { useRef, useState } from "react";
import { parseMailbox } from "@/lib/email/address";
import type { SendTestEmailInput } from "@/lib/queries/send";
import { MAX_SCHEDULE_AHEAD_MS } from "@/lib/scheduling/schemas";
import { FormField } from "@/components/ui/form-field";

type Field = "to" | "subject" | "text" | "html" | "from" | "fromName" | "sendAt";
type Values = Record<Field, string>;
export type SendFormErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { to: "", subject: "", text: "", html: "", from: "", fromName: "", sendAt: "" };
const MAX_RECIPIENTS = 50;

/** A datetime-local value (the reader's time zone) as an ISO time, or the problem with it. */
function toScheduledFor(value: string): { iso?: string; error?: string } {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return { error: "Pick the date and time to send it." };
  if (date.getTime() <= Date.now()) return { error: "Pick a time in the future." };
  if (date.getTime() > Date.now() + MAX_SCHEDULE_AHEAD_MS) return { error: "Pick a time at most 365 days ahead." };
  return { iso: date.toISOString() };
}

/** The form's values as a send body, or the problems to fix first. Mirrors lib/email/schemas. */
function toInput(v: Values, later: boolean): { input?: SendTestEmailInput; scheduledFor?: string; errors: SendFormErrors } {
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
  const when = later ? toScheduledFor(v.sendAt) : {};
  if (when.error) errors.sendAt = when.error;
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    scheduledFor: when.iso,
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
  /** scheduledFor (ISO) when Send later is chosen. */
  onSend: (input: SendTestEmailInput, scheduledFor?: string) => void;
}

/** To, subject and body, with optional HTML and sender. Values stay after sending, to send again. */
export function SendForm({ disabled, pending, onSend }: SendFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<SendFormErrors>({});
  const [later, setLater] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { input, scheduledFor, errors: found } = toInput(values, later);
    setErrors(found);
    if (input) onSend(input, scheduledFor);
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

        <fieldset className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <legend className="sr-only">When</legend>
          <p aria-hidden="true" className="text-sm font-medium">
            When
          </p>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name="send-when" className="size-4 accent-brand-600" checked={!later} onChange={() => setLater(false)} />
              Send now
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name="send-when" className="size-4 accent-brand-600" checked={later} onChange={() => setLater(true)} />
              Send later
            </label>
          </div>
          {later && (
            <div className="mt-3 sm:max-w-xs">
              <FormField
                id="send-at"
                label="Send at"
                hint={`In your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}). It waits on the Scheduled page until then.`}
                error={errors.sendAt}
              >
                <input className="input" type="datetime-local" value={values.sendAt} onChange={set("sendAt")} />
              </FormField>
            </div>
          )}
        </fieldset>
      </fieldset>

      <div className="flex justify-end">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={disabled || pending}>
          {later ? (pending ? "Scheduling…" : "Schedule email") : pending ? "Sending…" : "Send email"}
        </button>
      </div>
    </form>
  );
}
