"use client";

import type { Scope } from "@/lib/auth/permissions";
import { FULL_ACCESS, SCOPE_GROUPS } from "@/components/api-keys/scope-groups";

interface ScopesPickerProps {
  value: Scope[];
  onChange: (scopes: Scope[]) => void;
  error?: string;
  /** Offer "Full access" (*); false where it cannot be granted (OAuth apps). */
  allowFullAccess?: boolean;
  hint?: string;
}

/** Scopes as checkboxes grouped by resource; "Full access" stands in for all of them. */
export function ScopesPicker({
  value,
  onChange,
  error,
  allowFullAccess = true,
  hint = "Grant only what the integration needs.",
}: ScopesPickerProps) {
  const full = allowFullAccess && value.includes(FULL_ACCESS);

  function toggle(scope: Scope, checked: boolean) {
    onChange(checked ? [...value, scope] : value.filter((s) => s !== scope));
  }

  return (
    <fieldset aria-describedby={error ? "scopes-error" : undefined}>
      <legend className="text-sm font-medium">Scopes</legend>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{hint}</p>

      {allowFullAccess && (
        <label className="mt-3 flex items-start gap-2 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-600"
            checked={full}
            onChange={(e) => onChange(e.target.checked ? [FULL_ACCESS] : [])}
          />
          <span>
            <span className="font-medium">Full access</span> <code className="text-xs text-zinc-500">*</code>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">Every scope, including ones added later.</span>
          </span>
        </label>
      )}

      <div className="mt-3 grid max-h-64 grid-cols-1 gap-x-4 gap-y-3 overflow-y-auto rounded-md border border-zinc-200 p-3 sm:grid-cols-2 dark:border-zinc-700">
        {SCOPE_GROUPS.map((group) => (
          <fieldset key={group.resource} disabled={full}>
            <legend className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{group.label}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {group.scopes.map(({ scope, action }) => (
                <label key={scope} className={`flex items-center gap-2 text-sm ${full ? "opacity-60" : ""}`}>
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={full || value.includes(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                    aria-label={`${group.label}: ${action} (${scope})`}
                  />
                  <span aria-hidden="true">{action}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>

      {error && (
        <p id="scopes-error" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
