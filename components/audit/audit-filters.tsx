"use client";

import type { Project } from "@/hooks/projects";
import type { SendMode } from "@/hooks/safety";
import { FormField } from "@/components/ui/form-field";

export interface AuditFilterValues {
  /** datetime-local values ("2026-05-01T09:30"), in the reader's time zone. */
  from: string;
  to: string;
  sendMode: SendMode | "";
}

export const NO_FILTERS: AuditFilterValues = { from: "", to: "", sendMode: "" };

export type AuditFilterErrors = Partial<Record<"from" | "to", string>>;

/**
 * A datetime-local value as an ISO date-time; undefined when blank. A value that is not a date
 * is passed through as typed, for the route's schema to refuse (not silently dropped).
 */
export function localToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

interface AuditFiltersProps {
  projects: Project[];
  projectId: string;
  onProjectChange: (id: string) => void;
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
  errors: AuditFilterErrors;
}

export function AuditFilters({ projects, projectId, onProjectChange, values, onChange, errors }: AuditFiltersProps) {
  const set = <K extends keyof AuditFilterValues>(key: K, value: AuditFilterValues[K]) => onChange({ ...values, [key]: value });
  const filtered = values.from || values.to || values.sendMode;
  return (
    <div className="mb-4 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id="audit-project" label="Project">
          <select className="input" value={projectId} onChange={(e) => onProjectChange(e.target.value)}>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? " (default)" : ""}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="audit-from" label="From" error={errors.from}>
          <input
            className="input"
            type="datetime-local"
            value={values.from}
            max={values.to || undefined}
            onChange={(e) => set("from", e.target.value)}
          />
        </FormField>
        <FormField id="audit-to" label="To" error={errors.to}>
          <input
            className="input"
            type="datetime-local"
            value={values.to}
            min={values.from || undefined}
            onChange={(e) => set("to", e.target.value)}
          />
        </FormField>
        <FormField id="audit-send-mode" label="Send mode">
          <select
            className="input"
            value={values.sendMode}
            onChange={(e) => set("sendMode", e.target.value as AuditFilterValues["sendMode"])}
          >
            <option value="">Any mode</option>
            <option value="test">Test</option>
            <option value="production">Production</option>
          </select>
        </FormField>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span>Times are in your time zone. Entries for the whole account (not tied to a project) are always included.</span>
        {filtered && (
          <button type="button" className="btn-secondary py-1" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}
