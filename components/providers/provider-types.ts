// What the Add/Edit provider form asks for, per provider type: each provider's own field
// description (lib/providers/<name>/fields.ts, through the client-safe catalog), the same one
// the server builds the adapter's config schema from, turned into a list of inputs.
import { PROVIDER_CATALOG, type ProviderType } from "@/lib/providers/catalog";
import type { ConfigField as FieldDescription, ProviderFields } from "@/lib/providers/config-fields";

export interface ConfigField extends Omit<FieldDescription, "schema" | "required"> {
  key: string;
  required: boolean;
  /** For checkboxes and numbers: the value a new provider starts with (the schema's default). */
  defaultValue?: boolean | string;
}

export interface ProviderTypeInfo extends Pick<ProviderFields, "label" | "description" | "eventWebhook" | "inboundWebhook" | "check"> {
  type: ProviderType;
  fields: ConfigField[];
}

function formField(key: string, { schema, required, ...shown }: FieldDescription): ConfigField {
  const missing = schema.safeParse(undefined);
  const fallback: unknown = missing.success ? missing.data : undefined;
  return {
    ...shown,
    key,
    required: required ?? !missing.success,
    defaultValue: typeof fallback === "boolean" ? fallback : fallback === undefined ? undefined : String(fallback),
  };
}

export const PROVIDER_TYPE_INFO: ProviderTypeInfo[] = PROVIDER_CATALOG.map((p) => ({
  type: p.type,
  label: p.label,
  description: p.description,
  eventWebhook: p.eventWebhook,
  inboundWebhook: p.inboundWebhook,
  check: p.check,
  fields: Object.entries(p.fields).map(([key, field]) => formField(key, field)),
}));

export function providerTypeInfo(type: string): ProviderTypeInfo | undefined {
  return PROVIDER_TYPE_INFO.find((t) => t.type === type);
}
