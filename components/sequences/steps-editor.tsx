"use client";

import type { Option } from "@/hooks/sequences";
import { UNITS, type DelayUnit } from "@/components/sequences/delay";

export interface StepDraft {
  key: string;
  templateId: string;
  amount: string;
  unit: DelayUnit;
}

export type StepErrors = Record<number, { templateId?: string; delay?: string }>;

interface StepsEditorProps {
  steps: StepDraft[];
  templates: { options: Option[]; isPending: boolean; error: Error | null };
  errors: StepErrors;
  max: number;
  onChange: (steps: StepDraft[]) => void;
}

let counter = 0;
export const newStep = (templateId = "", amount = "1", unit: DelayUnit = "days"): StepDraft => ({
  key: `step-${++counter}`,
  templateId,
  amount,
  unit,
});

/** The sequence's steps in order: each a template and the wait before it, added and removed here. */
export function StepsEditor({ steps, templates, errors, max, onChange }: StepsEditorProps) {
  const set = (i: number, patch: Partial<StepDraft>) => onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <fieldset>
      <legend className="text-sm font-medium">Steps</legend>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Each step sends a template. The first waits from enrolment, each later one from the step before it.
      </p>
      {templates.error && (
        <p className="mt-2 text-xs text-red-600 dark:text-red-400">Templates could not be loaded: {templates.error.message}</p>
      )}
      {!templates.isPending && !templates.error && templates.options.length === 0 && (
        <p className="mt-2 text-xs text-red-600 dark:text-red-400">There are no templates yet: create one under Templates first.</p>
      )}
      <ol className="mt-2 space-y-3">
        {steps.map((step, i) => {
          const err = errors[i] ?? {};
          const ids = {
            template: `${step.key}-template`,
            amount: `${step.key}-amount`,
            unit: `${step.key}-unit`,
            error: `${step.key}-error`,
          };
          const message = [err.templateId, err.delay].filter(Boolean).join(" ");
          const units = (Object.keys(UNITS) as DelayUnit[]).filter((u) => u !== "seconds" || step.unit === "seconds");
          return (
            <li key={step.key} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="step-editor">
              <div className="flex items-center justify-between">
                <span className="text-sm font-medium">Step {i + 1}</span>
                <button
                  type="button"
                  className="text-xs text-red-600 hover:underline disabled:opacity-50 dark:text-red-400"
                  onClick={() => onChange(steps.filter((_, j) => j !== i))}
                  disabled={steps.length === 1}
                >
                  Remove<span className="sr-only"> step {i + 1}</span>
                </button>
              </div>
              <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto]">
                <div>
                  <label htmlFor={ids.template} className="block text-xs text-zinc-600 dark:text-zinc-400">
                    Template for step {i + 1}
                  </label>
                  <select
                    id={ids.template}
                    className="input mt-1"
                    value={step.templateId}
                    onChange={(e) => set(i, { templateId: e.target.value })}
                    aria-invalid={err.templateId ? true : undefined}
                    aria-describedby={message ? ids.error : undefined}
                  >
                    <option value="">Choose a template…</option>
                    {templates.options.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400" id={`${step.key}-wait`}>
                    {i === 0 ? "Wait after enrolment" : "Wait after the previous step"}
                  </span>
                  <div className="mt-1 flex gap-2" role="group" aria-labelledby={`${step.key}-wait`}>
                    <input
                      id={ids.amount}
                      className="input w-20"
                      type="number"
                      min={0}
                      step={1}
                      inputMode="numeric"
                      value={step.amount}
                      onChange={(e) => set(i, { amount: e.target.value })}
                      aria-label={`Delay before step ${i + 1}`}
                      aria-invalid={err.delay ? true : undefined}
                      aria-describedby={message ? ids.error : undefined}
                    />
                    <select
                      id={ids.unit}
                      className="input w-28"
                      value={step.unit}
                      onChange={(e) => set(i, { unit: e.target.value as DelayUnit })}
                      aria-label={`Delay unit for step ${i + 1}`}
                    >
                      {units.map((u) => (
                        <option key={u} value={u}>
                          {u}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              </div>
              {message && (
                <p id={ids.error} className="mt-1 text-xs text-red-600 dark:text-red-400">
                  {message}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn-secondary mt-3 py-1.5"
        onClick={() => onChange([...steps, newStep()])}
        disabled={steps.length >= max}
      >
        Add step
      </button>
    </fieldset>
  );
}
