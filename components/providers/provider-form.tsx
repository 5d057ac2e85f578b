"use client";

import { useRef, useState } from "react";
import type { ProviderType } from "@/lib/providers/catalog";
import type { Provider } from "@/hooks/providers";
import { FormActions } from "@/components/ui/form-actions";
import { FormField } from "@/components/ui/form-field";
import { providerTypeInfo } from "@/components/providers/provider-types";
import {
  buildConfig,
  changedDestination,
  initialConfigValues,
  LIMIT_KEYS,
  parseLimit,
  type ConfigValues,
  type LimitKey,
} from "@/components/providers/provider-config-values";
import { ProviderTypePicker } from "@/components/providers/provider-type-picker";
import { ProviderConfigFields } from "@/components/providers/provider-config-fields";
import { ProviderLimitsFields } from "@/components/providers/provider-limits-fields";

export interface ProviderFormValues {
  name: string;
  type: ProviderType;
  config: Record<string, unknown>;
  isActive: boolean;
  limits: Record<LimitKey, number | null>;
}

interface ProviderFormProps {
  /** The provider being edited; none when adding one. */
  provider?: Provider;
  pending: boolean;
  error?: string;
  /** Problems the server named per field ("body.config.port: …"), by field key. */
  serverErrors: Record<string, string>;
  onCancel: () => void;
  onSubmit: (values: ProviderFormValues) => void;
}

const limitText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/**
 * Add or edit a provider: type (add only), name, the type's settings, limits and whether
 * it is active. Mounted afresh each time its dialog opens, so it starts from the provider.
 */
export function ProviderForm({ provider, pending, error, serverErrors, onCancel, onSubmit }: ProviderFormProps) {
  const editing = provider !== undefined;
  const [type, setType] = useState<ProviderType | null>((provider?.type as ProviderType | undefined) ?? null);
  const info = type ? providerTypeInfo(type) : undefined;
  const [name, setName] = useState(provider?.name ?? "");
  const [isActive, setIsActive] = useState(provider?.isActive ?? true);
  const [values, setValues] = useState<ConfigValues>(() => (info ? initialConfigValues(info, provider?.config) : {}));
  const [limits, setLimits] = useState<Record<LimitKey, string>>({
    rateLimitPerMinute: limitText(provider?.rateLimitPerMinute),
    rateLimitPerHour: limitText(provider?.rateLimitPerHour),
    rateLimitPerDay: limitText(provider?.rateLimitPerDay),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const storedSecrets = new Set(
    Object.entries(provider?.config ?? {})
      .filter(([, v]) => v === "********")
      .map(([k]) => k),
  );
  const shown = { ...serverErrors, ...errors };
  const moved = info && editing ? changedDestination(info, values, provider?.config) : [];

  function pickType(next: ProviderType) {
    setType(next);
    const nextInfo = providerTypeInfo(next);
    setValues(nextInfo ? initialConfigValues(nextInfo) : {});
    setErrors({});
  }

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: Record<string, string> = {};
    const trimmed = name.trim();
    if (!trimmed) found.name = "Give the provider a name.";
    else if (trimmed.length > 100) found.name = "Keep the name to 100 characters.";
    if (!type || !info) {
      found.type = "Pick a provider type.";
      setErrors(found);
      return;
    }
    const built = buildConfig(info, values, provider?.config);
    Object.assign(found, built.errors);
    const parsedLimits = {} as Record<LimitKey, number | null>;
    for (const key of LIMIT_KEYS) {
      const parsed = parseLimit(limits[key]);
      if (parsed.error) found[key] = parsed.error;
      parsedLimits[key] = parsed.value;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // The form is long: take keyboard and screen-reader users to the first problem.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    onSubmit({ name: trimmed, type, config: built.config, isActive, limits: parsedLimits });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      {editing ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Type: <strong className="text-zinc-900 dark:text-zinc-100">{info?.label ?? provider?.type}</strong>
        </p>
      ) : (
        <ProviderTypePicker value={type} onChange={pickType} error={errors.type} />
      )}

      {info && (
        <>
          <FormField id="provider-name" label="Name" hint="Shown in this list, in send results and in the audit log." error={shown.name}>
            <input
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              autoComplete="off"
              placeholder={`e.g. “${info.label} production”`}
              data-autofocus={editing || undefined}
            />
          </FormField>

          <section aria-labelledby="provider-settings-heading" className="space-y-3">
            <h3 id="provider-settings-heading" className="text-sm font-medium">
              {info.label} settings
            </h3>
            {editing && storedSecrets.size > 0 && (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                Secret fields are never shown again. Leave them blank to keep the saved values, unless you change where or how the provider
                connects (host, port, base URL, endpoint or TLS settings): then its credential must be entered again.
              </p>
            )}
            <ProviderConfigFields
              info={info}
              values={values}
              onChange={(key, v) => setValues((prev) => ({ ...prev, [key]: v }))}
              errors={shown}
              storedSecrets={storedSecrets}
              changedDestination={moved}
            />
          </section>

          <ProviderLimitsFields values={limits} onChange={(key, v) => setLimits((prev) => ({ ...prev, [key]: v }))} errors={shown} />

          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
              checked={isActive}
              onChange={(e) => setIsActive(e.target.checked)}
            />
            <span>
              <span className="font-medium">Active</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">Only active providers are used for sending.</span>
            </span>
          </label>
        </>
      )}

      <FormActions
        pending={pending}
        error={error}
        onCancel={onCancel}
        submitLabel={editing ? "Save changes" : "Add provider"}
        pendingLabel={editing ? "Saving…" : "Adding…"}
      />
    </form>
  );
}
