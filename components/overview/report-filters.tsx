"use client";

import { PERIODS, type PeriodDays, type ReportFilter } from "@/hooks/analytics";
import type { Project } from "@/hooks/projects";

interface ReportFiltersProps {
  value: ReportFilter;
  onChange: (value: ReportFilter) => void;
  /** Undefined while loading or when they could not be loaded: only "All projects" is offered. */
  projects: Project[] | undefined;
}

/** The period (radio buttons drawn as a segmented control, so arrow keys move between them) and the project. */
export function ReportFilters({ value, onChange, projects }: ReportFiltersProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <span id="report-period-label" className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Period
        </span>
        <div
          role="radiogroup"
          aria-labelledby="report-period-label"
          className="inline-flex rounded-md border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
        >
          {PERIODS.map((days) => (
            <label
              key={days}
              className="cursor-pointer rounded px-3 py-1.5 text-sm whitespace-nowrap text-zinc-700 has-checked:bg-brand-600 has-checked:font-medium has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:text-zinc-300"
            >
              <input
                type="radio"
                name="report-period"
                className="sr-only"
                value={days}
                checked={value.days === days}
                onChange={() => onChange({ ...value, days: days as PeriodDays })}
              />
              {days} days
            </label>
          ))}
        </div>
      </div>
      <div>
        <label htmlFor="report-project" className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Project
        </label>
        <select
          id="report-project"
          className="input"
          value={value.projectId ?? ""}
          onChange={(e) => onChange({ ...value, projectId: e.target.value || null })}
        >
          <option value="">All projects</option>
          {projects?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
