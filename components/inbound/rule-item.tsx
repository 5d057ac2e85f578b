"use client";
// One rule in the list: name, priority, enabled, what it tests and does in words, and for
// owners and admins its actions (edit, enable or disable, delete).
import type { Condition, RuleAction } from "@/lib/inbound/rule-schema";
import { useSetRuleEnabled, type InboundRule } from "@/hooks/inbound";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DateText } from "@/components/ui/date-text";
import { describeActions, describeConditions } from "@/components/inbound/rule-summary";

interface RuleItemProps {
  rule: InboundRule;
  canManage: boolean;
  onEdit: (rule: InboundRule) => void;
  onDelete: (rule: InboundRule) => void;
}

export function RuleItem({ rule, canManage, onEdit, onDelete }: RuleItemProps) {
  // The row shows the new state at once; it goes back (with an error toast) if refused.
  const toggle = useSetRuleEnabled();
  // Buttons repeat across rows; the name, for screen readers only, says which one each is for.
  const name = <span className="sr-only"> {rule.name}</span>;

  return (
    <li className={`px-4 py-4 ${rule.isEnabled ? "" : "bg-zinc-50 dark:bg-zinc-900/60"}`} data-testid="inbound-rule">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium break-words">{rule.name}</h3>
        <Badge>Priority {rule.priority}</Badge>
        <Badge tone={rule.isEnabled ? "success" : "neutral"}>{rule.isEnabled ? "Enabled" : "Disabled"}</Badge>
      </div>
      <dl className="mt-2 space-y-1 text-sm text-zinc-700 dark:text-zinc-300">
        <div className="flex gap-2">
          <dt className="w-12 shrink-0 text-zinc-500 dark:text-zinc-400">When</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{describeConditions(rule.conditions as Condition[])}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="w-12 shrink-0 text-zinc-500 dark:text-zinc-400">Then</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{describeActions(rule.actions as RuleAction[])}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Updated <DateText value={rule.updatedAt} show="time" />
      </p>
      {canManage && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary py-1.5" onClick={() => onEdit(rule)}>
            Edit{name}
          </button>
          <ActionButton
            className="btn-secondary py-1.5"
            onClick={() => toggle.mutate({ id: rule.id, isEnabled: !rule.isEnabled })}
            disabled={toggle.isPending}
          >
            {rule.isEnabled ? "Disable" : "Enable"}
            {name}
          </ActionButton>
          <button type="button" className="btn-danger py-1.5" onClick={() => onDelete(rule)}>
            Delete{name}
          </button>
        </div>
      )}
    </li>
  );
}
