"use client";

import type { ConfigField, ProviderTypeInfo } from "@/components/providers/provider-types";
import type { ConfigValues } from "@/components/providers/provider-config-values";
import { FormField } from "@/components/ui/form-field";

interface ProviderConfigFieldsProps {
  info: ProviderTypeInfo;
  values: ConfigValues;
  onChange: (key: string, value: string | boolean) => void;
  errors: Record<string, string>;
  /** On edit: secrets already stored, which a blank input keeps. */
  storedSecrets: ReadonlySet<string>;
  /** On edit: the destination fields changed (by label); stored credentials must then be typed again. */
  changedDestination: readonly string[];
}

const INPUT_TYPES = { text: "text", url: "url", number: "number", secret: "password" } as const;

/** The settings of one provider type, as plain inputs. */
export function ProviderConfigFields({ info, values, onChange, errors, storedSecrets, changedDestination }: ProviderConfigFieldsProps) {
  if (info.fields.length === 0) {
    return (
      <p className="rounded-md bg-zinc-50 px-3 py-2 text-sm text-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300">
        This type has no settings.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      {info.fields.map((field) => (
        <ConfigInput
          key={field.key}
          field={field}
          value={values[field.key]}
          onChange={(v) => onChange(field.key, v)}
          error={errors[field.key]}
          stored={storedSecrets.has(field.key)}
          reenter={field.credential === true && storedSecrets.has(field.key) && changedDestination.length > 0 ? changedDestination : null}
        />
      ))}
    </div>
  );
}

interface ConfigInputProps {
  field: ConfigField;
  value: string | boolean | undefined;
  onChange: (v: string | boolean) => void;
  error?: string;
  stored: boolean;
  /** The changed destination fields, when this stored credential must be typed again. */
  reenter: readonly string[] | null;
}

function ConfigInput({ field, value, onChange, error, stored, reenter }: ConfigInputProps) {
  const id = `provider-config-${field.key}`;

  if (field.kind === "checkbox") {
    return (
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-600"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={field.hint ? `${id}-hint` : undefined}
          />
          <span>{field.label}</span>
        </label>
        {field.hint && (
          <p id={`${id}-hint`} className="mt-1 ml-6 text-xs text-zinc-500 dark:text-zinc-400">
            {field.hint}
          </p>
        )}
      </div>
    );
  }

  if (field.kind === "tristate" && field.choices) {
    return (
      <FormField id={id} label={field.label} hint={field.hint} error={error}>
        <select className="input" value={typeof value === "string" ? value : "auto"} onChange={(e) => onChange(e.target.value)}>
          <option value="auto">{field.choices.auto}</option>
          <option value="yes">{field.choices.yes}</option>
          <option value="no">{field.choices.no}</option>
        </select>
      </FormField>
    );
  }

  // A saved credential is never sent to a new host: when the destination changes, it must be typed again.
  const secretHint = reenter
    ? `Required: the ${reenter.join(" and ")} changed, and the saved value is never sent to a new destination. Enter it again.`
    : field.kind === "secret" && stored
      ? "A value is saved: leave this blank to keep it, or type a new one to replace it."
      : null;
  const hint = [secretHint, field.hint].filter(Boolean).join(" ") || undefined;
  return (
    <FormField id={id} label={field.label} hint={hint} error={error}>
      <input
        className="input"
        type={INPUT_TYPES[field.kind as keyof typeof INPUT_TYPES]}
        inputMode={field.kind === "number" ? "numeric" : undefined}
        min={field.min}
        max={field.max}
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange(e.target.value)}
        placeholder={reenter ? "Enter it again" : stored ? "Leave blank to keep the saved value" : field.placeholder}
        required={reenter !== null || undefined}
        aria-required={reenter !== null || undefined}
        autoComplete={field.kind === "secret" ? "new-password" : "off"}
        spellCheck={false}
      />
    </FormField>
  );
}
