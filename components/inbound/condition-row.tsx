"use client";
// One test of a rule's conditions: field (and header name), operator, value, and the case and
// "not" switches. Its problems, from the schema or the server, show under its inputs.
import { SIZE_OPERATORS, TEXT_OPERATORS } from "@/lib/inbound/rule-schema";
import {
  FIELD_LABELS,
  LEAF_FIELDS,
  SIZE_OPERATOR_LABELS,
  TEXT_OPERATOR_LABELS,
  operatorFor,
  type LeafField,
} from "@/components/inbound/rule-labels";
import type { LeafDraft } from "@/components/inbound/rule-draft";
import { errorUnder, otherErrors, type RuleErrors } from "@/components/inbound/rule-errors";
import { formatBytes } from "@/components/inbound/rule-summary";
import { smallLabel } from "@/components/inbound/small-field";

interface ConditionRowProps {
  leaf: LeafDraft;
  index: number;
  /** Where its problems are: conditions.N or conditions.0.any.N. */
  path: string;
  errors: RuleErrors;
  disabled: boolean;
  canRemove: boolean;
  onChange: (leaf: LeafDraft) => void;
  onRemove: () => void;
}

const problem = "mt-1 text-xs text-red-600 dark:text-red-400";

export function ConditionRow({ leaf, index, path, errors, disabled, canRemove, onChange, onRemove }: ConditionRowProps) {
  const id = `condition-${leaf.key}`;
  const isSize = leaf.field === "size";
  const isHeader = leaf.field === "header";
  const nameError = errorUnder(errors, `${path}.name`);
  const operatorError = errorUnder(errors, `${path}.operator`);
  const valueError = errorUnder(errors, `${path}.value`);
  const rest = otherErrors(errors, path, ["name", "operator", "value"]);
  const bytes = isSize && /^\d+$/.test(leaf.value.trim()) ? Number(leaf.value.trim()) : null;

  const set = (patch: Partial<LeafDraft>) => onChange({ ...leaf, ...patch });
  const changeField = (field: LeafField) => set({ field, operator: operatorFor(field, leaf.operator) });

  return (
    <fieldset className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700" data-testid="condition-row">
      <legend className="px-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Condition {index + 1}</legend>
      <div className={`grid grid-cols-1 gap-3 ${isHeader ? "sm:grid-cols-[10rem_10rem_11rem_1fr]" : "sm:grid-cols-[10rem_11rem_1fr]"}`}>
        <div>
          <label htmlFor={`${id}-field`} className={smallLabel}>
            Field
          </label>
          <select
            id={`${id}-field`}
            className="input mt-1"
            value={leaf.field}
            onChange={(e) => changeField(e.target.value as LeafField)}
            disabled={disabled}
          >
            {LEAF_FIELDS.map((f) => (
              <option key={f} value={f}>
                {FIELD_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        {isHeader && (
          <div>
            <label htmlFor={`${id}-name`} className={smallLabel}>
              Header name
            </label>
            <input
              id={`${id}-name`}
              className="input mt-1"
              value={leaf.name}
              onChange={(e) => set({ name: e.target.value })}
              placeholder="X-Spam-Flag"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              disabled={disabled}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
            />
            {nameError && (
              <p id={`${id}-name-error`} className={problem}>
                {nameError}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor={`${id}-operator`} className={smallLabel}>
            Operator
          </label>
          <select
            id={`${id}-operator`}
            className="input mt-1"
            value={leaf.operator}
            onChange={(e) => set({ operator: e.target.value })}
            disabled={disabled}
            aria-invalid={operatorError ? true : undefined}
          >
            {isSize
              ? SIZE_OPERATORS.map((op) => (
                  <option key={op} value={op}>
                    {SIZE_OPERATOR_LABELS[op]}
                  </option>
                ))
              : TEXT_OPERATORS.map((op) => (
                  <option key={op} value={op}>
                    {TEXT_OPERATOR_LABELS[op]}
                  </option>
                ))}
          </select>
          {operatorError && <p className={problem}>{operatorError}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-value`} className={smallLabel}>
            Value
          </label>
          <input
            id={`${id}-value`}
            className="input mt-1 font-mono"
            value={leaf.value}
            onChange={(e) => set({ value: e.target.value })}
            inputMode={isSize ? "numeric" : undefined}
            placeholder={isSize ? "1048576" : leaf.operator === "matches" ? "^invoice-\\d+" : "invoice"}
            autoComplete="off"
            spellCheck={false}
            maxLength={1000}
            disabled={disabled}
            aria-invalid={valueError ? true : undefined}
            aria-describedby={valueError ? `${id}-value-error` : bytes !== null ? `${id}-value-hint` : undefined}
          />
          {valueError ? (
            <p id={`${id}-value-error`} className={problem}>
              {valueError}
            </p>
          ) : (
            bytes !== null && (
              <p id={`${id}-value-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                {formatBytes(bytes)}
              </p>
            )
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
        {!isSize && (
          <label className="inline-flex items-center gap-2">
            <input
              type="checkbox"
              checked={leaf.caseSensitive}
              onChange={(e) => set({ caseSensitive: e.target.checked })}
              disabled={disabled}
            />
            Case-sensitive
          </label>
        )}
        <label className="inline-flex items-center gap-2">
          <input type="checkbox" checked={leaf.negate} onChange={(e) => set({ negate: e.target.checked })} disabled={disabled} />
          Not (holds when the test fails)
        </label>
        {canRemove && (
          <button type="button" className="btn-secondary ml-auto py-1" onClick={onRemove} disabled={disabled}>
            Remove<span className="sr-only"> condition {index + 1}</span>
          </button>
        )}
      </div>
      {rest.map((m) => (
        <p key={m} className={problem}>
          {m}
        </p>
      ))}
    </fieldset>
  );
}
