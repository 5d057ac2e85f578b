"use client";
// One action of a rule: its type and the inputs that type needs (addresses to forward to, the
// webhook endpoint, tags, the auto-reply template), with reordering and removal.
import { ACTION_TYPES } from "@/lib/inbound/rule-schema";
import { ACTION_HINTS, ACTION_LABELS, type ActionType } from "@/components/inbound/rule-labels";
import type { ActionDraft } from "@/components/inbound/rule-draft";
import { errorUnder, otherErrors, type RuleErrors } from "@/components/inbound/rule-errors";
import { EndpointPicker, TemplatePicker } from "@/components/inbound/action-pickers";
import { SmallField, smallLabel } from "@/components/inbound/small-field";

interface ActionRowProps {
  action: ActionDraft;
  index: number;
  count: number;
  errors: RuleErrors;
  disabled: boolean;
  onChange: (action: ActionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

type TextKey = "to" | "from" | "tags" | "variables";

interface TextFieldSpec {
  key: TextKey;
  /** Appended to the row's id. */
  idSuffix: string;
  label: string;
  hint: string;
  placeholder?: string;
  multiline?: boolean;
}

const FROM_HINT = "Default: the address the message was sent to.";

/** The typed inputs each action type needs, in order (the webhook and template pickers come first). */
const TEXT_FIELDS: Partial<Record<ActionType, TextFieldSpec[]>> = {
  forward: [
    { key: "to", idSuffix: "to", label: "Forward to", hint: "Up to 10 addresses, separated by commas.", placeholder: "team@example.com" },
    { key: "from", idSuffix: "from", label: "From (optional)", hint: FROM_HINT },
  ],
  tag: [
    {
      key: "tags",
      idSuffix: "tags",
      label: "Tags",
      hint: "Up to 10, separated by commas: letters, digits and _ . : -",
      placeholder: "invoice, billing",
    },
  ],
  auto_reply: [
    { key: "from", idSuffix: "reply-from", label: "From (optional)", hint: FROM_HINT },
    {
      key: "variables",
      idSuffix: "variables",
      label: "Variables (optional)",
      hint: "One name=value per line, for the template's variables.",
      placeholder: "team=Support",
      multiline: true,
    },
  ],
};

export function ActionRow({ action, index, count, errors, disabled, onChange, onMove, onRemove }: ActionRowProps) {
  const id = `action-${action.key}`;
  const path = `actions.${index}`;
  const err = (field: string) => errorUnder(errors, `${path}.${field}`);
  const own = otherErrors(errors, path, ["to", "from", "endpointId", "tags", "templateId", "variables"]);
  const set = (patch: Partial<ActionDraft>) => onChange({ ...action, ...patch });
  const name = <span className="sr-only"> action {index + 1}</span>;

  return (
    <fieldset className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700" data-testid="action-row">
      <legend className="px-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Action {index + 1}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[14rem_1fr]">
        <div>
          <label htmlFor={`${id}-type`} className={smallLabel}>
            Type
          </label>
          <select
            id={`${id}-type`}
            className="input mt-1"
            value={action.type}
            onChange={(e) => set({ type: e.target.value as ActionType })}
            disabled={disabled}
          >
            {ACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {ACTION_LABELS[t]}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{ACTION_HINTS[action.type]}</p>
        </div>
        <div className="space-y-3">
          {action.type === "webhook" && (
            <EndpointPicker
              id={`${id}-endpoint`}
              value={action.endpointId}
              onChange={(endpointId) => set({ endpointId })}
              error={err("endpointId")}
              disabled={disabled}
            />
          )}
          {action.type === "auto_reply" && (
            <TemplatePicker
              id={`${id}-template`}
              value={action.templateId}
              onChange={(templateId) => set({ templateId })}
              error={err("templateId")}
              disabled={disabled}
            />
          )}
          {(TEXT_FIELDS[action.type] ?? []).map((f) => (
            <SmallField
              key={f.idSuffix}
              id={`${id}-${f.idSuffix}`}
              label={f.label}
              value={action[f.key]}
              onChange={(v) => set({ [f.key]: v })}
              error={err(f.key)}
              hint={f.hint}
              placeholder={f.placeholder}
              disabled={disabled}
              multiline={f.multiline}
            />
          ))}
        </div>
      </div>
      {own.map((m) => (
        <p key={m} className="mt-2 text-xs text-red-600 dark:text-red-400">
          {m}
        </p>
      ))}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary py-1" onClick={() => onMove(index - 1)} disabled={disabled || index === 0}>
          Move up{name}
        </button>
        <button type="button" className="btn-secondary py-1" onClick={() => onMove(index + 1)} disabled={disabled || index === count - 1}>
          Move down{name}
        </button>
        {count > 1 && (
          <button type="button" className="btn-secondary ml-auto py-1" onClick={onRemove} disabled={disabled}>
            Remove{name}
          </button>
        )}
      </div>
    </fieldset>
  );
}
