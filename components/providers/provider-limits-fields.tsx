"use client";

import { LIMIT_KEYS, type LimitKey } from "@/components/providers/provider-config-values";
import { FormField } from "@/components/ui/form-field";

const LABELS: Record<LimitKey, string> = { rateLimitPerMinute: "Per minute", rateLimitPerHour: "Per hour", rateLimitPerDay: "Per day" };

interface ProviderLimitsFieldsProps {
  values: Record<LimitKey, string>;
  onChange: (key: LimitKey, value: string) => void;
  errors: Partial<Record<string, string>>;
}

/** The three rolling send limits; blank means no limit. */
export function ProviderLimitsFields({ values, onChange, errors }: ProviderLimitsFieldsProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">Sending limits (optional)</legend>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Leave blank for no limit. A provider at its limit is skipped and the next one in the list sends instead.
      </p>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {LIMIT_KEYS.map((key) => (
          <FormField key={key} id={`provider-${key}`} label={LABELS[key]} error={errors[key]}>
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              value={values[key]}
              onChange={(e) => onChange(key, e.target.value)}
              placeholder="No limit"
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}
