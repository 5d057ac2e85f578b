"use client";

import { useRef, useState } from "react";
import type { z } from "zod";
import { scheduleEmailSchema, sendEmailSchema } from "@/lib/email/schemas";
import type { SendTestEmailInput } from "@/hooks/send";
import { MAX_SCHEDULE_AHEAD_MS } from "@/lib/scheduling/schemas";
import { FormField } from "@/components/ui/form-field";
import { DemoAddressPicker } from "@/components/send/demo-address-picker";

type Field = "to" | "subject" | "text" | "html" | "from" | "fromName" | "sendAt";
type Values = Record<Field, string>;
export type SendFormErrors = Partial<Record<Field, string>>;

const EMPTY: Values = { to: "", subject: "", text: "", html: "", from: "", fromName: "", sendAt: "" };
const FIELDS: readonly string[] = ["to", "subject", "text", "html", "from", "fromName"];

const NO_BODY = "Write a text body, an HTML body, or both.";

/** Plainer words than the API's, where the form can say what to do. */
const WORDING: Partial<Record<Field, (issue: z.core.$ZodIssue) => string | undefined>> = {
  to: (issue) => (issue.code === "custom" && issue.message === "give at least one recipient" ? "Enter at least one recipient." : undefined),
  subject: (issue) => (issue.code === "too_small" ? "Enter a subject." : undefined),
  from: (issue) => (issue.code === "custom" ? "Enter an address like team@example.com or Team <team@example.com>." : undefined),
  text: (issue) => (issue.code === "custom" ? NO_BODY : undefined),
  sendAt: () => "Pick the date and time to send it.",
};

const sentence = (message: string) => `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? "" : "."}`;

/** A recipient list is one address or an array; of a union's branches, the array's says what is wrong. */
function detail(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_union") return issue;
  const branch = issue.errors.find((issues) => issues.every((i) => i.code !== "invalid_type")) ?? issue.errors[0];
  return branch?.[0] ?? issue;
}

/** The schema's issues, first per field, next to the form's fields. */
function schemaErrors(error: z.ZodError): SendFormErrors {
  const out: SendFormErrors = {};
  for (const raw of error.issues) {
    const key = String(raw.path[0] ?? "");
    // "give html, text or templateId" is filed under html; on this form the text body is where to write.
    const field = (
      key === "html" && raw.code === "custom" ? "text" : key === "scheduledFor" ? "sendAt" : FIELDS.includes(key) ? key : null
    ) as Field | null;
    if (!field || out[field]) continue;
    const issue = detail(raw);
    out[field] = WORDING[field]?.(issue) ?? sentence(issue.message);
  }
  return out;
}

/** The checks of scheduleEmail that are not in its schema: a time ahead, at most 365 days. */
function scheduleProblem(value: string): { iso?: string; error?: string } {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return { error: "Pick the date and time to send it." };
  if (date.getTime() <= Date.now()) return { error: "Pick a time in the future." };
  if (date.getTime() > Date.now() + MAX_SCHEDULE_AHEAD_MS) return { error: "Pick a time at most 365 days ahead." };
  return { iso: date.toISOString() };
}

/**
 * The form's values as a send body, checked with the routes' own schemas (sendEmailSchema, or
 * scheduleEmailSchema for a send later). The body sent is the input, not the parsed output:
 * the schema turns addresses into objects, and the route parses the strings again.
 */
function toInput(v: Values, later: boolean): { input?: SendTestEmailInput; scheduledFor?: string; errors: SendFormErrors } {
  const input: SendTestEmailInput = {
    to: v.to
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
    subject: v.subject.trim(),
    text: v.text.trim() ? v.text : undefined,
    html: v.html.trim() ? v.html : undefined,
    from: v.from.trim() || undefined,
    fromName: v.fromName.trim() || undefined,
  };
  const when = later ? scheduleProblem(v.sendAt) : {};
  const parsed = later ? scheduleEmailSchema.safeParse({ ...input, scheduledFor: when.iso }) : sendEmailSchema.safeParse(input);
  const errors: SendFormErrors = parsed.success ? {} : schemaErrors(parsed.error);
  // The schema runs its body check only once every field parses: say it now rather than one submit later.
  if (!input.text && !input.html) errors.text ??= NO_BODY;
  if (when.error) errors.sendAt = when.error;
  if (Object.keys(errors).length) return { errors };
  return { errors, scheduledFor: when.iso, input };
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
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const { input, scheduledFor, errors: found } = toInput(values, later);
    setErrors(found);
    if (input) onSend(input, scheduledFor);
    else requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <fieldset disabled={disabled} className="space-y-4">
        <legend className="sr-only">Email</legend>
        <FormField id="send-to" label="To" hint="Separate several addresses with commas." error={errors.to}>
          <input
            className="input"
            type="text"
            inputMode="email"
            value={values.to}
            onChange={set("to")}
            autoComplete="email"
            placeholder="you@example.com"
          />
        </FormField>
        <DemoAddressPicker onPick={(to) => setValues((v) => ({ ...v, to }))} />
        <FormField id="send-subject" label="Subject" error={errors.subject}>
          <input className="input" value={values.subject} onChange={set("subject")} maxLength={998} autoComplete="off" />
        </FormField>
        <FormField id="send-text" label="Text body" hint="Plain text, shown by every mail client." error={errors.text}>
          <textarea className="input min-h-32" value={values.text} onChange={set("text")} />
        </FormField>

        <div className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <p className="text-sm font-medium">Optional</p>
          <div className="mt-3 space-y-4">
            <FormField
              id="send-html"
              label="HTML body (optional)"
              hint="Sent alongside the text body; clients that show HTML use it."
              error={errors.html}
            >
              <textarea
                className="input min-h-24 font-mono text-xs"
                value={values.html}
                onChange={set("html")}
                spellCheck={false}
                placeholder="<p>Hello</p>"
              />
            </FormField>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <FormField id="send-from" label="From address (optional)" hint="Blank uses the server's default sender." error={errors.from}>
                <input
                  className="input"
                  type="text"
                  inputMode="email"
                  value={values.from}
                  onChange={set("from")}
                  autoComplete="off"
                  placeholder="team@example.com"
                />
              </FormField>
              <FormField id="send-from-name" label="From name (optional)" error={errors.fromName}>
                <input
                  className="input"
                  value={values.fromName}
                  onChange={set("fromName")}
                  maxLength={200}
                  autoComplete="off"
                  placeholder="Example Team"
                />
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
