// Runs the rule language against a message: which rules match, in priority order, up to the
// first matching rule that stops processing. Pure: nothing is executed here.
import { htmlToText } from "@/lib/templates/render-content";
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { compilePattern } from "@/lib/inbound/pattern";
import { stopsProcessing, type Condition, type LeafCondition, type RuleAction } from "@/lib/inbound/rule-schema";

/** What conditions look at. */
export type MatchableEmail = Pick<InboundEmail, "from" | "to" | "cc" | "subject" | "text" | "html" | "size" | "headers"> & {
  attachments: { filename: string; contentType: string }[];
};

export interface EvaluableRule {
  conditions: Condition[];
  actions: RuleAction[];
}

/** Bodies are matched on their first MiB of text: enough for any rule, bounded for every one. */
const BODY_LIMIT = 1024 * 1024;

/** A message's values for each field, computed once per message. */
class Fields {
  #body: string | null = null;
  constructor(private readonly email: MatchableEmail) {}

  values(c: Exclude<LeafCondition, { field: "size" }>): string[] {
    const e = this.email;
    switch (c.field) {
      case "from":
        return e.from ? [e.from.address] : [];
      case "to":
        return e.to.map((a) => a.address);
      case "cc":
        return e.cc.map((a) => a.address);
      case "subject":
        return [e.subject];
      case "body":
        return [this.body()];
      case "attachment_name":
        return e.attachments.map((a) => a.filename);
      case "attachment_type":
        return e.attachments.map((a) => a.contentType);
      case "header": {
        const name = c.name.toLowerCase();
        return e.headers.filter((h) => h.name === name).map((h) => h.value);
      }
    }
  }

  private body(): string {
    this.#body ??= (this.email.text ?? (this.email.html ? htmlToText(this.email.html.slice(0, 4 * BODY_LIMIT)) : "")).slice(0, BODY_LIMIT);
    return this.#body;
  }
}

function testText(operator: LeafCondition["operator"], value: string, wanted: string, caseSensitive: boolean): boolean {
  if (operator === "matches") return compilePattern(wanted, caseSensitive).matcher(value).find();
  const [v, w] = caseSensitive ? [value, wanted] : [value.toLowerCase(), wanted.toLowerCase()];
  switch (operator) {
    case "equals":
      return v === w;
    case "contains":
      return v.includes(w);
    case "starts_with":
      return v.startsWith(w);
    case "ends_with":
      return v.endsWith(w);
    default:
      return false;
  }
}

function testLeaf(c: LeafCondition, fields: Fields, size: number): boolean {
  if (c.field === "size") {
    return c.operator === "gt" ? size > c.value : c.operator === "lt" ? size < c.value : size === c.value;
  }
  // A field with several values (recipients, headers, attachments) holds when any of them passes.
  return fields.values(c).some((v) => testText(c.operator, v, c.value, c.caseSensitive ?? false));
}

function holds(c: Condition, fields: Fields, size: number): boolean {
  if ("all" in c) return c.all.every((inner) => holds(inner, fields, size));
  if ("any" in c) return c.any.some((inner) => holds(inner, fields, size));
  const result = testLeaf(c, fields, size);
  return c.negate ? !result : result;
}

export function ruleMatches(rule: EvaluableRule, email: MatchableEmail, fields = new Fields(email)): boolean {
  return rule.conditions.every((c) => holds(c, fields, email.size));
}

/** `rules` already in priority order (enabled ones only). */
export function matchRules<R extends EvaluableRule>(rules: readonly R[], email: MatchableEmail): { matched: R[]; evaluated: number } {
  const fields = new Fields(email);
  const matched: R[] = [];
  let evaluated = 0;
  for (const rule of rules) {
    evaluated += 1;
    if (!ruleMatches(rule, email, fields)) continue;
    matched.push(rule);
    if (stopsProcessing(rule.actions)) break;
  }
  return { matched, evaluated };
}
