"use client";
// A rule's actions, run in order when it matches: add, change, reorder, remove (at most 10;
// drop and stop end the list).
import { ActionRow } from "@/components/inbound/action-row";
import { newAction, type ActionDraft } from "@/components/inbound/rule-draft";
import type { RuleErrors } from "@/components/inbound/rule-errors";

interface ActionsEditorProps {
  actions: ActionDraft[];
  errors: RuleErrors;
  disabled: boolean;
  /** `path`: the problems that no longer apply ("actions.2", or "actions" when rows move). */
  onChange: (actions: ActionDraft[], path: string) => void;
}

const MAX_ACTIONS = 10;

export function ActionsEditor({ actions, errors, disabled, onChange }: ActionsEditorProps) {
  function move(from: number, to: number) {
    const next = [...actions];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    onChange(next, "actions");
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold">Actions</legend>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Run in order when the rule matches. A message no rule matches stays in the inbox; one that rules match is kept only if one of them
        has “Keep in inbox”.
      </p>
      {actions.map((a, i) => (
        <ActionRow
          key={a.key}
          action={a}
          index={i}
          count={actions.length}
          errors={errors}
          disabled={disabled}
          onChange={(changed) =>
            onChange(
              actions.map((x, j) => (j === i ? changed : x)),
              `actions.${i}`,
            )
          }
          onMove={(to) => move(i, to)}
          onRemove={() =>
            onChange(
              actions.filter((_, j) => j !== i),
              "actions",
            )
          }
        />
      ))}
      {errors.actions && <p className="text-sm text-red-600 dark:text-red-400">{errors.actions}</p>}
      <button
        type="button"
        className="btn-secondary"
        onClick={() => onChange([...actions, newAction("tag")], "actions")}
        disabled={disabled || actions.length >= MAX_ACTIONS}
      >
        Add action
      </button>
    </fieldset>
  );
}
