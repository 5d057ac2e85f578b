// What POST /api/inbound/test said: the rules that would match, in order, how many were
// evaluated, what would become of the message, and whether the rule being edited matched.
import type { RuleAction } from "@/lib/inbound/rule-schema";
import type { RuleTestResult } from "@/hooks/inbound";
import { Badge } from "@/components/ui/badge";
import { describeActions } from "@/components/inbound/rule-summary";

export interface FocusRule {
  id: string;
  name: string;
  isEnabled: boolean;
}

const actionsOf = (rule: RuleTestResult["matchedRules"][number]) => rule.actions as RuleAction[];

/** Mirrors what processing does: dropped, kept (no rule matched, or one stores it), or not kept. */
function outcome(result: RuleTestResult): string {
  const actions = result.matchedRules.flatMap(actionsOf);
  const tags = [...new Set(actions.flatMap((a) => (a.type === "tag" ? a.tags : [])))];
  const tagged = tags.length ? `, tagged ${tags.join(", ")}` : "";
  if (result.matchedRules.length === 0) return "No rule matched: the message would stay in the inbox.";
  if (actions.some((a) => a.type === "drop")) return "The message would be dropped.";
  if (actions.some((a) => a.type === "store")) return `The message would be kept in the inbox${tagged}.`;
  return `The message would not be kept in the inbox (no matching rule keeps it)${tagged}.`;
}

function FocusVerdict({ focus, result }: { focus: FocusRule; result: RuleTestResult }) {
  const matched = result.matchedRules.some((r) => r.id === focus.id);
  const last = result.matchedRules.at(-1);
  const stoppedEarly = !matched && last && actionsOf(last).some((a) => a.type === "drop" || a.type === "stop");
  const [tone, text] = matched
    ? (["match", `This rule (“${focus.name}”) matched.`] as const)
    : !focus.isEnabled
      ? (["skip", `This rule is disabled, so the test skipped it. Enable it to try it.`] as const)
      : stoppedEarly
        ? (["skip", `This rule was not reached: “${last.name}” matched first and stops processing.`] as const)
        : (["miss", `This rule (“${focus.name}”) did not match.`] as const);
  const classes = {
    match: "border-green-200 bg-green-50 text-green-800 dark:border-green-900 dark:bg-green-950/40 dark:text-green-300",
    miss: "border-zinc-200 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-200",
    skip: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200",
  };
  return (
    <p className={`rounded-md border px-3 py-2 text-sm font-medium ${classes[tone]}`} data-testid="rule-test-verdict">
      {text}
    </p>
  );
}

export function RuleTestResultView({ result, focus }: { result: RuleTestResult; focus?: FocusRule | null }) {
  const count = result.totalRulesEvaluated;
  return (
    <div className="space-y-3" data-testid="rule-test-result">
      {focus && <FocusVerdict focus={focus} result={result} />}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Evaluated {count} enabled {count === 1 ? "rule" : "rules"}: {result.matchedRules.length} matched.
      </p>
      {result.matchedRules.length > 0 && (
        <ol aria-label="Matched rules, in the order they run" className="space-y-2">
          {result.matchedRules.map((r, i) => (
            <li
              key={r.id}
              className={`rounded-md border px-3 py-2 text-sm ${r.id === focus?.id ? "border-brand-500 bg-brand-50 dark:border-brand-500 dark:bg-brand-700/20" : "border-zinc-200 dark:border-zinc-700"}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{i + 1}.</span>
                <span className="font-medium break-words">{r.name}</span>
                <Badge>Priority {r.priority}</Badge>
                {r.id === focus?.id && <Badge tone="brand">This rule</Badge>}
              </div>
              <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Then: {describeActions(actionsOf(r))}</p>
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{outcome(result)}</p>
    </div>
  );
}
