"use client";

import { useEffect, useRef } from "react";
import { newRow, type VariableRow } from "@/components/templates/template-draft";

interface VariablesTableProps {
  rows: VariableRow[];
  onChange: (rows: VariableRow[]) => void;
  /** Problems by row index. */
  errors: Record<number, string>;
  /** A problem with the list as a whole (names not unique). */
  error?: string;
  readOnly: boolean;
}

// Four columns from sm up; on a phone each row wraps to name + required, then default + remove.
const COLUMNS = "grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,1fr)_4.5rem_minmax(0,1fr)_2.5rem]";

/** The variables a template declares: name, required and default, one row each. */
export function VariablesTable({ rows, onChange, errors, error, readOnly }: VariablesTableProps) {
  const added = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // A row added from the keyboard gets focus on its name, so typing can go straight on.
  useEffect(() => {
    if (!added.current) return;
    listRef.current?.querySelector<HTMLInputElement>(`[data-row="${added.current}"]`)?.focus();
    added.current = null;
  }, [rows]);

  const update = (key: string, change: Partial<VariableRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const add = () => {
    const row = newRow();
    added.current = row.key;
    onChange([...rows, row]);
  };

  return (
    <fieldset aria-describedby="template-variables-hint">
      <legend className="text-sm font-medium">Variables</legend>
      <p id="template-variables-hint" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Write them as <code className="font-mono">{"{{name}}"}</code>. A required variable with no default must be given on every send;
        previews fill any gap with the variable&apos;s name.
      </p>
      {rows.length > 0 && (
        <>
          <div aria-hidden="true" className={`${COLUMNS} mt-2 hidden text-xs text-zinc-500 sm:grid dark:text-zinc-400`}>
            <span>Name</span>
            <span className="text-center">Required</span>
            <span>Default</span>
          </div>
          <ul ref={listRef} aria-label="Variables" className="mt-2 space-y-2 sm:mt-1">
            {rows.map((r, i) => {
              const label = r.name.trim() || `variable ${i + 1}`;
              const errorId = `template-variable-${r.key}-error`;
              return (
                <li key={r.key} className="rounded-md border border-zinc-200 p-2 sm:border-0 sm:p-0 dark:border-zinc-700">
                  <div className={`grid ${COLUMNS}`}>
                    <input
                      className="input px-2 font-mono"
                      value={r.name}
                      onChange={(e) => update(r.key, { name: e.target.value })}
                      aria-label={`Name of variable ${i + 1}`}
                      aria-invalid={errors[i] ? true : undefined}
                      aria-describedby={errors[i] ? errorId : undefined}
                      data-row={r.key}
                      readOnly={readOnly}
                      maxLength={100}
                      spellCheck={false}
                      autoComplete="off"
                      placeholder={readOnly ? undefined : "name"}
                    />
                    <label className="flex items-center justify-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        checked={r.required}
                        onChange={(e) => update(r.key, { required: e.target.checked })}
                        aria-label={`${label} is required`}
                        disabled={readOnly}
                      />
                      <span aria-hidden="true" className="sm:hidden">
                        Required
                      </span>
                    </label>
                    <input
                      className="input px-2"
                      value={r.default}
                      onChange={(e) => update(r.key, { default: e.target.value })}
                      aria-label={`Default of ${label}`}
                      readOnly={readOnly}
                      maxLength={10_000}
                      autoComplete="off"
                      placeholder={readOnly ? "none" : "default (optional)"}
                    />
                    {readOnly ? (
                      <span />
                    ) : (
                      <button
                        type="button"
                        className="btn-secondary justify-self-end px-2 py-1.5 sm:justify-self-auto"
                        onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                        aria-label={`Remove ${label}`}
                        title="Remove"
                      >
                        <span aria-hidden="true">✕</span>
                      </button>
                    )}
                  </div>
                  {errors[i] && (
                    <p id={errorId} className="mt-1 text-xs text-red-600 dark:text-red-400">
                      {errors[i]}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {rows.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No variables: every send gets the same content.</p>
      )}
      {error && <p className="mt-1 text-xs text-red-600 dark:text-red-400">{error}</p>}
      {!readOnly && (
        <button type="button" className="btn-secondary mt-2 py-1.5" onClick={add}>
          Add variable
        </button>
      )}
    </fieldset>
  );
}
