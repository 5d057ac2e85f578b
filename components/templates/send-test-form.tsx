"use client";

import { useState } from "react";
import { sendTemplatedSchema } from "@/lib/templates/schemas";
import { useSendTemplated } from "@/hooks/templates";
import { FormField } from "@/components/ui/form-field";
import { SendError } from "@/components/send/send-error";
import { TemplatedResults } from "@/components/templates/templated-results";

interface SendTestFormProps {
  templateId: string;
  version: number;
  /** The preview's sample values: the variables field starts from them until it is edited. */
  samples: Record<string, string>;
  canSend: boolean;
  canConfigureSafety: boolean;
}

type Errors = Partial<Record<"recipient" | "variables", string>>;

function parseVariables(raw: string): Record<string, unknown> | string {
  try {
    const value: unknown = JSON.parse(raw || "{}");
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* shown below */
  }
  return 'Enter a JSON object, e.g. {"firstName": "Ada"}.';
}

/** Sends this version to one address through send-templated, and shows that recipient's result. */
export function SendTestForm({ templateId, version, samples, canSend, canConfigureSafety }: SendTestFormProps) {
  const send = useSendTemplated();
  const [recipient, setRecipient] = useState("");
  const [edited, setEdited] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const variables = edited ?? JSON.stringify(samples, null, 2);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsedVariables = parseVariables(variables);
    const found: Errors = typeof parsedVariables === "string" ? { variables: parsedVariables } : {};
    const parsed = sendTemplatedSchema.safeParse({
      templateId,
      templateVersion: version,
      recipients: [recipient.trim()],
      variables: typeof parsedVariables === "string" ? {} : parsedVariables,
    });
    if (!parsed.success)
      found.recipient = recipient.trim() ? "Enter one address, like you@example.com." : "Enter the address to send the test to.";
    setErrors(found);
    if (parsed.success && !found.variables) send.mutate(parsed.data);
  }

  return (
    <section
      aria-labelledby="send-test-heading"
      className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="send-test-heading" className="text-lg font-semibold">
        Send a test
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Sends version {version} to one address, as <code className="font-mono text-xs">POST /api/email/send-templated</code> would. It
        counts toward your allowance; test mode applies.
      </p>
      {!canSend && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Viewers cannot send email. Ask an owner or admin for the member role.
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <fieldset disabled={!canSend} className="space-y-4">
          <legend className="sr-only">Test send</legend>
          <FormField id="template-test-recipient" label="Recipient" error={errors.recipient}>
            <input
              className="input"
              type="email"
              inputMode="email"
              value={recipient}
              onChange={(e) => setRecipient(e.target.value)}
              autoComplete="email"
              placeholder="you@example.com"
            />
          </FormField>
          <FormField
            id="template-test-variables"
            label="Variables (JSON)"
            hint="Starts from the preview's sample values."
            error={errors.variables}
          >
            <textarea
              className="input min-h-24 font-mono text-xs"
              value={variables}
              onChange={(e) => setEdited(e.target.value)}
              spellCheck={false}
            />
          </FormField>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {edited !== null && canSend && (
            <button type="button" className="btn-secondary" onClick={() => setEdited(null)}>
              Use sample values
            </button>
          )}
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={!canSend || send.isPending}>
            {send.isPending ? "Sending…" : "Send test"}
          </button>
        </div>
      </form>
      <div aria-live="polite" className="*:mt-4">
        {send.error && <SendError error={send.error} canConfigureSafety={canConfigureSafety} />}
        {send.data && !send.isPending && <TemplatedResults results={send.data} />}
      </div>
    </section>
  );
}
