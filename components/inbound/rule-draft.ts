// The rule editor's state and how it becomes a request body, checked with the create route's own
// schema (createRuleSchema). Problems are kept by the path the schema and the server name them
// with ("conditions.0.value", "actions.1.to.0"), so each shows next to its own input.
import type { Condition, LeafCondition, RuleAction } from "@/lib/inbound/rule-schema";
import { createRuleSchema } from "@/lib/inbound/schemas";
import type { CreateRuleBody, InboundRule } from "@/hooks/inbound";
import { sentence, type RuleErrors } from "@/components/inbound/rule-errors";
import type { ActionType, LeafField } from "@/components/inbound/rule-labels";

export interface LeafDraft {
  /** React's key for the row; never sent. */
  key: string;
  field: LeafField;
  /** The header's name, when field is "header". */
  name: string;
  operator: string;
  /** As typed; a number of bytes for size. */
  value: string;
  caseSensitive: boolean;
  negate: boolean;
}

export interface ActionDraft {
  key: string;
  type: ActionType;
  /** forward: addresses, separated by commas or new lines. */
  to: string;
  /** forward and auto_reply: optional sender. */
  from: string;
  endpointId: string;
  /** tag: separated by commas or spaces. */
  tags: string;
  templateId: string;
  /** auto_reply: one name=value per line. */
  variables: string;
}

export type Match = "all" | "any";

export interface RuleDraft {
  name: string;
  priority: string;
  isEnabled: boolean;
  /** The form edits one level (all or any of a list of tests); JSON edits any nesting. */
  view: "form" | "json";
  match: Match;
  leaves: LeafDraft[];
  json: string;
  actions: ActionDraft[];
}

/** Problems by dotted path ("name", "conditions.0.value", "actions.1.to"). */

let lastKey = 0;
const nextKey = () => `row-${++lastKey}`;

export const newLeaf = (): LeafDraft => ({
  key: nextKey(),
  field: "subject",
  name: "",
  operator: "contains",
  value: "",
  caseSensitive: false,
  negate: false,
});
export const newAction = (type: ActionType = "store"): ActionDraft => ({
  key: nextKey(),
  type,
  to: "",
  from: "",
  endpointId: "",
  tags: "",
  templateId: "",
  variables: "",
});

const isLeaf = (c: Condition): c is LeafCondition => !("all" in c) && !("any" in c);

function leafDraft(c: LeafCondition): LeafDraft {
  return {
    key: nextKey(),
    field: c.field,
    name: c.field === "header" ? c.name : "",
    operator: c.operator,
    value: String(c.value),
    caseSensitive: c.field !== "size" && Boolean(c.caseSensitive),
    negate: Boolean(c.negate),
  };
}

/** The conditions as the form shows them, or null when they nest deeper than it can. */
export function formOf(conditions: readonly Condition[]): { match: Match; leaves: LeafDraft[] } | null {
  if (conditions.length === 1 && !isLeaf(conditions[0])) {
    const group = conditions[0];
    const match: Match = "any" in group ? "any" : "all";
    const inner = "any" in group ? group.any : group.all;
    return inner.every(isLeaf) ? { match, leaves: inner.map(leafDraft) } : null;
  }
  return conditions.every(isLeaf) ? { match: "all", leaves: conditions.map(leafDraft) } : null;
}

function actionDraft(a: RuleAction): ActionDraft {
  const d = newAction(a.type);
  if (a.type === "forward") return { ...d, to: a.to.join(", "), from: a.from ?? "" };
  if (a.type === "webhook") return { ...d, endpointId: a.endpointId };
  if (a.type === "tag") return { ...d, tags: a.tags.join(", ") };
  if (a.type === "auto_reply") {
    const variables = Object.entries(a.variables ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join("\n");
    return { ...d, templateId: a.templateId, from: a.from ?? "", variables };
  }
  return d;
}

/** Where the editor starts: a saved rule, or a new one testing the subject and keeping the message. */
export function draftOf(rule: InboundRule | null): RuleDraft {
  if (!rule) {
    return {
      name: "",
      priority: "100",
      isEnabled: true,
      view: "form",
      match: "all",
      leaves: [newLeaf()],
      json: "[]",
      actions: [newAction("store")],
    };
  }
  const conditions = rule.conditions as Condition[];
  const form = formOf(conditions);
  return {
    name: rule.name,
    priority: String(rule.priority),
    isEnabled: rule.isEnabled,
    view: form ? "form" : "json",
    match: form?.match ?? "all",
    leaves: form?.leaves ?? [],
    json: JSON.stringify(conditions, null, 2),
    actions: (rule.actions as RuleAction[]).map(actionDraft),
  };
}

function leafOf(l: LeafDraft): unknown {
  const negate = l.negate ? { negate: true } : {};
  if (l.field === "size") {
    const raw = l.value.trim();
    return { field: "size", operator: l.operator, value: /^\d+$/.test(raw) ? Number(raw) : raw, ...negate };
  }
  const flags = { ...(l.caseSensitive ? { caseSensitive: true } : {}), ...negate };
  if (l.field === "header") return { field: "header", name: l.name.trim(), operator: l.operator, value: l.value, ...flags };
  return { field: l.field, operator: l.operator, value: l.value, ...flags };
}

/** The form's conditions as the API's list: the tests themselves (all), or one {any} group. */
export function formConditions(match: Match, leaves: LeafDraft[]): unknown[] {
  const list = leaves.map(leafOf);
  return match === "any" && list.length > 0 ? [{ any: list }] : list;
}

/** Where the schema and the server put a test's problems: conditions.2, or conditions.0.any.2 in an any group. */
export const leafPath = (match: Match, index: number) => (match === "any" ? `conditions.0.any.${index}` : `conditions.${index}`);

const splitList = (raw: string) => raw.split(/[\s,;]+/).filter(Boolean);

function actionOf(a: ActionDraft, index: number, errors: RuleErrors): unknown {
  const from = a.from.trim() ? { from: a.from.trim() } : {};
  switch (a.type) {
    case "forward":
      return { type: "forward", to: splitList(a.to), ...from };
    case "webhook":
      return { type: "webhook", endpointId: a.endpointId };
    case "tag":
      return { type: "tag", tags: splitList(a.tags) };
    case "auto_reply": {
      const variables: Record<string, string> = {};
      for (const line of a.variables
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)) {
        const eq = line.indexOf("=");
        if (eq <= 0) errors[`actions.${index}.variables`] ??= `Write each variable as name=value (“${line.slice(0, 40)}” has no name).`;
        else variables[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
      }
      return { type: "auto_reply", templateId: a.templateId, ...from, ...(Object.keys(variables).length ? { variables } : {}) };
    }
    default:
      return { type: a.type };
  }
}

/** Clearer words than the schema's where the form knows what went wrong. */
function friendly(path: string, message: string, draft: RuleDraft): string {
  const parts = path.split(".");
  if (parts[0] === "actions" && parts.length === 3) {
    const action = draft.actions[Number(parts[1])];
    if (parts[2] === "endpointId" && !action?.endpointId) return "Pick a webhook endpoint.";
    if (parts[2] === "templateId" && !action?.templateId) return "Pick a template.";
    if (parts[2] === "to" && !action?.to.trim()) return "Give at least one address to forward to.";
    if (parts[2] === "tags" && !action?.tags.trim()) return "Give at least one tag.";
  }
  if (path === "name") return "Give the rule a name.";
  return sentence(message);
}

/** The draft as a create body, or its problems by path. */
export function checkDraft(draft: RuleDraft): { input?: CreateRuleBody; errors: RuleErrors } {
  const errors: RuleErrors = {};
  const raw = draft.priority.trim();
  const priority = /^\d+$/.test(raw) ? Number(raw) : null;
  if (priority === null) errors.priority = "Priority is a whole number from 0 (runs first) to 1000000.";

  let conditions: unknown = [];
  if (draft.view === "json") {
    try {
      conditions = JSON.parse(draft.json);
    } catch (err) {
      errors.conditions = `Not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
    }
  } else {
    conditions = formConditions(draft.match, draft.leaves);
    draft.leaves.forEach((l, i) => {
      if (l.field === "size" && !/^\d+$/.test(l.value.trim()))
        errors[`${leafPath(draft.match, i)}.value`] = "Give the size as a whole number of bytes.";
    });
  }
  const actions = draft.actions.map((a, i) => actionOf(a, i, errors));

  const parsed = createRuleSchema.safeParse({
    name: draft.name,
    priority: priority ?? 100,
    isEnabled: draft.isEnabled,
    conditions,
    actions,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      // Several bad addresses or tags: one message for the input that holds them.
      const key = /^actions\.\d+\.(to|tags)\.\d+$/.test(path) ? path.replace(/\.\d+$/, "") : path;
      errors[key] ??= friendly(key, issue.message, draft);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { input: parsed.data as CreateRuleBody, errors };
}
