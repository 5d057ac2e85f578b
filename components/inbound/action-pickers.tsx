"use client";
// Choosers for what an action points at: one of the organization's webhook endpoints
// (GET /api/v1/webhook-endpoints) or templates (GET /api/v1/templates).
import Link from "next/link";
import { useWebhookEndpoints } from "@/hooks/webhooks";
import { useTemplates } from "@/hooks/templates";
import { describedBy, SmallFieldFrame } from "@/components/inbound/small-field";

interface PickerProps {
  id: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  disabled: boolean;
}

// The API pages at 100; an organization with more picks from the newest 100 (or keeps its choice).
const PER_PAGE = 100;

/** A select of what the query loaded, with the saved choice kept when it is not among them. */
function PickerSelect(
  props: PickerProps & {
    label: string;
    hint: React.ReactNode;
    pending: boolean;
    /** The empty option's text, while loading and after. */
    loading: string;
    choose: string;
    /** The option for a saved choice the list does not hold; null when it holds it (or nothing is chosen). */
    unknown: string | null;
    children: React.ReactNode;
  },
) {
  const { id, label, hint, error, value, onChange, disabled, pending, loading, choose, unknown, children } = props;
  return (
    <SmallFieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        className="input mt-1"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled || pending}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        <option value="">{pending ? loading : choose}</option>
        {unknown !== null && <option value={value}>{unknown}</option>}
        {children}
      </select>
    </SmallFieldFrame>
  );
}

export function EndpointPicker(props: PickerProps) {
  const { value } = props;
  const endpoints = useWebhookEndpoints(1, PER_PAGE);
  const list = endpoints.data?.endpoints ?? [];
  const known = !value || list.some((e) => e.id === value);
  const hint = endpoints.error ? (
    `Endpoints could not be loaded: ${endpoints.error.message}`
  ) : endpoints.data && list.length === 0 ? (
    <>
      No endpoints yet:{" "}
      <Link href="/webhooks" className="text-brand-600 hover:underline dark:text-brand-500">
        add one on the Webhooks page
      </Link>
      .
    </>
  ) : (
    "The message is POSTed there, signed with the endpoint's secret."
  );
  return (
    <PickerSelect
      {...props}
      label="Webhook endpoint"
      hint={hint}
      pending={endpoints.isPending}
      loading="Loading endpoints…"
      choose="Choose an endpoint"
      unknown={known ? null : `Endpoint ${value.slice(0, 8)}…`}
    >
      {list.map((e) => (
        <option key={e.id} value={e.id}>
          {e.description ? `${e.description} — ${e.url}` : e.url}
          {e.isActive ? "" : " (disabled)"}
        </option>
      ))}
    </PickerSelect>
  );
}

export function TemplatePicker(props: PickerProps) {
  const { value } = props;
  const templates = useTemplates(1, PER_PAGE);
  const list = templates.data?.items ?? [];
  const known = !value || list.some((t) => t.id === value);
  const hint = templates.error ? (
    `Templates could not be loaded: ${templates.error.message}`
  ) : templates.data && list.length === 0 ? (
    <>
      No templates yet:{" "}
      <Link href="/templates/new" className="text-brand-600 hover:underline dark:text-brand-500">
        create one
      </Link>
      .
    </>
  ) : (
    "Its subject and body are the reply; variables below fill it in."
  );
  return (
    <PickerSelect
      {...props}
      label="Template"
      hint={hint}
      pending={templates.isPending}
      loading="Loading templates…"
      choose="Choose a template"
      unknown={known ? null : `Template ${value.slice(0, 8)}…`}
    >
      {list.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}
        </option>
      ))}
    </PickerSelect>
  );
}
