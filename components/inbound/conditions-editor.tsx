"use client";
// A rule's conditions: a list of tests that must all hold, or any of them, edited as a form; or
// the JSON itself for groups nested inside groups ({all: [...]} / {any: [...]}, up to 4 deep).
import { useId, useState } from "react";
import { conditionsSchema } from "@/lib/inbound/rule-schema";
import { ConditionRow } from "@/components/inbound/condition-row";
import { formConditions, formOf, leafPath, newLeaf, type LeafDraft, type Match, type RuleDraft } from "@/components/inbound/rule-draft";
import type { RuleErrors } from "@/components/inbound/rule-errors";

type ConditionsDraft = Pick<RuleDraft, "view" | "match" | "leaves" | "json">;

interface ConditionsEditorProps {
  value: ConditionsDraft;
  errors: RuleErrors;
  disabled: boolean;
  /** `path`: the problems that no longer apply ("conditions.2", or "conditions" when rows move). */
  onChange: (patch: Partial<ConditionsDraft>, path: string) => void;
}

const MAX_CONDITIONS = 50;

export function ConditionsEditor({ value, errors, disabled, onChange }: ConditionsEditorProps) {
  const id = useId();
  // Why the form cannot show the JSON as it stands; cleared by the next edit.
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);
  const listError = errors.conditions ?? (value.match === "any" && value.view === "form" ? errors["conditions.0.any"] : undefined);
  const jsonErrors = Object.entries(errors).filter(([k]) => k === "conditions" || k.startsWith("conditions."));

  const changeLeaf = (index: number, leaf: LeafDraft) =>
    onChange({ leaves: value.leaves.map((l, i) => (i === index ? leaf : l)) }, leafPath(value.match, index));
  const removeLeaf = (index: number) => onChange({ leaves: value.leaves.filter((_, i) => i !== index) }, "conditions");

  function toJson() {
    setSwitchProblem(null);
    onChange({ view: "json", json: JSON.stringify(formConditions(value.match, value.leaves), null, 2) }, "conditions");
  }

  function toForm() {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value.json);
    } catch (err) {
      setSwitchProblem(`The JSON does not parse (${err instanceof Error ? err.message : String(err)}); fix it to switch to the form.`);
      return;
    }
    const checked = conditionsSchema.safeParse(parsed);
    if (!checked.success) {
      const first = checked.error.issues[0];
      setSwitchProblem(`Fix the JSON to switch to the form: ${["conditions", ...first.path].join(".")}: ${first.message}`);
      return;
    }
    const form = formOf(checked.data);
    if (!form) {
      setSwitchProblem("These conditions nest groups inside groups; the form shows one level, so keep editing them as JSON.");
      return;
    }
    setSwitchProblem(null);
    onChange({ view: "form", ...form }, "conditions");
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Conditions</legend>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {value.view === "form" ? (
          <div
            role="radiogroup"
            aria-label="How the conditions combine"
            className="inline-flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
          >
            <span className="text-zinc-600 dark:text-zinc-400">A message matches when</span>
            {(["all", "any"] as const).map((m: Match) => (
              <label key={m} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-match`}
                  value={m}
                  checked={value.match === m}
                  onChange={() => onChange({ match: m }, "conditions")}
                  disabled={disabled}
                />
                {m === "all" ? "all conditions hold" : "any condition holds"}
              </label>
            ))}
          </div>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            A list of tests that must all hold; group them with <code className="font-mono text-xs">{'{"any": [...]}'}</code> or{" "}
            <code className="font-mono text-xs">{'{"all": [...]}'}</code>.
          </p>
        )}
        <button type="button" className="btn-secondary shrink-0 py-1" onClick={value.view === "form" ? toJson : toForm} disabled={disabled}>
          {value.view === "form" ? "Edit as JSON" : "Edit as form"}
        </button>
      </div>
      {switchProblem && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {switchProblem}
        </p>
      )}

      {value.view === "form" ? (
        <>
          {value.leaves.map((leaf, i) => (
            <ConditionRow
              key={leaf.key}
              leaf={leaf}
              index={i}
              path={leafPath(value.match, i)}
              errors={errors}
              disabled={disabled}
              canRemove={value.leaves.length > 1}
              onChange={(l) => changeLeaf(i, l)}
              onRemove={() => removeLeaf(i)}
            />
          ))}
          {listError && <p className="text-sm text-red-600 dark:text-red-400">{listError}</p>}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => onChange({ leaves: [...value.leaves, newLeaf()] }, "conditions")}
            disabled={disabled || value.leaves.length >= MAX_CONDITIONS}
          >
            Add condition
          </button>
        </>
      ) : (
        <div>
          <label htmlFor={`${id}-json`} className="block text-sm font-medium">
            Conditions JSON
          </label>
          <textarea
            id={`${id}-json`}
            className="input mt-1 h-64 font-mono text-xs"
            value={value.json}
            onChange={(e) => {
              setSwitchProblem(null);
              onChange({ json: e.target.value }, "conditions");
            }}
            spellCheck={false}
            disabled={disabled}
            aria-invalid={jsonErrors.length > 0 ? true : undefined}
            aria-describedby={`${id}-json-hint`}
          />
          <p id={`${id}-json-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Each test: <code className="font-mono">{'{"field": "subject", "operator": "contains", "value": "invoice"}'}</code>; headers add{" "}
            <code className="font-mono">&quot;name&quot;</code>, size compares bytes with gt, lt or equals.
          </p>
          {jsonErrors.length > 0 && (
            <ul className="mt-2 space-y-1 text-xs text-red-600 dark:text-red-400">
              {jsonErrors.map(([path, message]) => (
                <li key={path}>
                  <code className="font-mono">{path}</code>: {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
