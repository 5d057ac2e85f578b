"use client";
// Choosers for what an action points at: one of the organization's webhook endpoints
// (GET /api/v1/webhook-endpoints) or templates (GET /api/v1/templates).
import Link from "next/link";
import { useWebhookEndpoints } from "@/lib/queries/webhooks";
import { useTemplates } from "@/lib/queries/templates";

interface PickerProps {
  id: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  disabled: boolean;
}

// The API pages at 100; an organization with more picks from the newest 100 (or keeps its choice).
const PER_PAGE = 100;
const small = "block text-xs font-medium text-zinc-600 dark:text-zinc-400";

function PickerShell({ id, label, hint, error, children }: { id: string; label: string; hint: React.ReactNode; error?: string; children: React.ReactElement }) {
  return (
    <div>
      <label htmlFor={id} className={small}>
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export function EndpointPicker({ id, value, onChange, error, disabled }: PickerProps) {
  const endpoints = useWebhookEndpoints(1, PER_PAGE);
  const list = endpoints.data?.endpoints ?? [];
  const known = !value || list.some((e) => e.id === value);
  const hint = endpoints.error ? (
    `Endpoints could not be loaded: ${endpoints.error.message}`
  ) : endpoints.data && list.length === 0 ? (
    <>
      No endpoints yet: <Link href="/webhooks" className="text-brand-600 hover:underline dark:text-brand-500">add one on the Webhooks page</Link>.
    </>
  ) : (
    "The message is POSTed there, signed with the endpoint's secret."
  );
  return (
    <PickerShell id={id} label="Webhook endpoint" hint={hint} error={error}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled || endpoints.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      >
        <option value="">{endpoints.isPending ? "Loading endpoints…" : "Choose an endpoint"}</option>
        {!known && <option value={value}>Endpoint {value.slice(0, 8)}…</option>}
        {list.map((e) => (
          <option key={e.id} value={e.id}>
            {e.description ? `${e.description} — ${e.url}` : e.url}
            {e.isActive ? "" : " (disabled)"}
          </option>
        ))}
      </select>
    </PickerShell>
  );
}

export function TemplatePicker({ id, value, onChange, error, disabled }: PickerProps) {
  const templates = useTemplates(1, PER_PAGE);
  const list = templates.data?.items ?? [];
  const known = !value || list.some((t) => t.id === value);
  const hint = templates.error ? (
    `Templates could not be loaded: ${templates.error.message}`
  ) : templates.data && list.length === 0 ? (
    <>
      No templates yet: <Link href="/templates/new" className="text-brand-600 hover:underline dark:text-brand-500">create one</Link>.
    </>
  ) : (
    "Its subject and body are the reply; variables below fill it in."
  );
  return (
    <PickerShell id={id} label="Template" hint={hint} error={error}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled || templates.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      >
        <option value="">{templates.isPending ? "Loading templates…" : "Choose a template"}</option>
        {!known && <option value={value}>Template {value.slice(0, 8)}…</option>}
        {list.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
    </PickerShell>
  );
}
