"use client";

import type { ProviderType } from "@/lib/providers/catalog";
import { PROVIDER_TYPE_INFO } from "@/components/providers/provider-types";

interface ProviderTypePickerProps {
  value: ProviderType | null;
  onChange: (type: ProviderType) => void;
  error?: string;
}

/** The provider types as radio cards; arrow keys move between them like any radio group. */
export function ProviderTypePicker({ value, onChange, error }: ProviderTypePickerProps) {
  return (
    <fieldset aria-describedby={error ? "provider-type-error" : undefined}>
      <legend className="text-sm font-medium">Provider type</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {PROVIDER_TYPE_INFO.map((info, i) => {
          const checked = value === info.type;
          return (
            <label
              key={info.type}
              className={`flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500/40 ${checked ? "border-brand-500 bg-brand-50 dark:border-brand-500 dark:bg-brand-700/20" : "border-zinc-200 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"}`}
            >
              <input
                type="radio"
                name="provider-type"
                value={info.type}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                checked={checked}
                onChange={() => onChange(info.type)}
                aria-labelledby={`provider-type-${info.type}-label`}
                aria-describedby={`provider-type-${info.type}-description`}
                data-autofocus={i === 0 ? true : undefined}
              />
              <span>
                <span id={`provider-type-${info.type}-label`} className="font-medium">
                  {info.label}
                </span>
                <span id={`provider-type-${info.type}-description`} className="block text-xs text-zinc-500 dark:text-zinc-400">
                  {info.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="provider-type-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
