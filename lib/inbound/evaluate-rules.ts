// Runs the rule language against a message: which rules match, in priority order, up to the
// first matching rule that stops processing. Pure: nothing is executed here.
//
// Cost is bounded per message: text tests read at most the first MiB of a body, regular
// expressions the first 64 KiB of each value, and regular-expression work (compiled steps x
// bytes scanned) has a budget of about a tenth of a second; past it, further `matches` tests
// do not hold and the result says so.
import { htmlToText } from "@/lib/templates/render-content";
import type { InboundEmail } from "@/lib/inbound/inbound-email";
import { compilePattern } from "@/lib/inbound/pattern";
import { stopsProcessing, type Condition, type LeafCondition, type RuleAction } from "@/lib/inbound/rule-schema";

/** What conditions look at. */
export type MatchableEmail = Pick<InboundEmail, "from" | "to" | "cc" | "subject" | "text" | "html" | "size" | "headers"> & {
  attachments: { filename: string; contentType: string }[];
  /** Envelope recipients when known (they include Bcc and list recipients the headers do not name). */
  envelopeTo?: string[];
};

export interface EvaluableRule {
  conditions: Condition[];
  actions: RuleAction[];
}

const BODY_LIMIT = 1024 * 1024;
const PATTERN_INPUT_LIMIT = 64 * 1024;
/** Compiled steps x bytes: about 100 ms of matching on the reference machine. */
export const PATTERN_BUDGET = 5_000_000;

type TextLeaf = Exclude<LeafCondition, { field: "size" }>;

/** A message's values for each field, computed (and lower-cased) once per message. */
class Fields {
  #body: string | null = null;
  #lower = new Map<string, string>();
  budget = PATTERN_BUDGET;
  budgetExceeded = false;
  constructor(private readonly email: MatchableEmail) {}

  values(c: TextLeaf): string[] {
    const e = this.email;
    switch (c.field) {
      case "from":
        return e.from ? [e.from.address] : [];
      case "to":
        return e.to.map((a) => a.address);
      case "cc":
        return e.cc.map((a) => a.address);
      case "recipient":
        return [...new Set([...(e.envelopeTo ?? []), ...e.to.map((a) => a.address), ...e.cc.map((a) => a.address)])];
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

  lower(value: string): string {
    let hit = this.#lower.get(value);
    if (hit === undefined) {
      hit = value.toLowerCase();
      this.#lower.set(value, hit);
    }
    return hit;
  }

  private body(): string {
    this.#body ??= (this.email.text ?? (this.email.html ? htmlToText(this.email.html.slice(0, 4 * BODY_LIMIT)) : "")).slice(0, BODY_LIMIT);
    return this.#body;
  }
}

function testText(c: TextLeaf, value: string, fields: Fields): boolean {
  const caseSensitive = c.caseSensitive ?? false;
  if (c.operator === "matches") {
    const pattern = compilePattern(c.value, caseSensitive);
    const input = value.length > PATTERN_INPUT_LIMIT ? value.slice(0, PATTERN_INPUT_LIMIT) : value;
    const cost = pattern.programSize() * Math.max(input.length, 1);
    if (cost > fields.budget) {
      fields.budgetExceeded = true;
      return false;
    }
    fields.budget -= cost;
    return pattern.matcher(input).find();
  }
  const [v, w] = caseSensitive ? [value, c.value] : [fields.lower(value), c.value.toLowerCase()];
  switch (c.operator) {
    case "equals":
      return v === w;
    case "contains":
      return v.includes(w);
    case "starts_with":
      return v.startsWith(w);
    case "ends_with":
      return v.endsWith(w);
  }
}

function testLeaf(c: LeafCondition, fields: Fields, size: number): boolean {
  if (c.field === "size") {
    return c.operator === "gt" ? size > c.value : c.operator === "lt" ? size < c.value : size === c.value;
  }
  // A field with several values (recipients, headers, attachments) holds when any of them passes.
  return fields.values(c).some((v) => testText(c, v, fields));
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
export function matchRules<R extends EvaluableRule>(
  rules: readonly R[],
  email: MatchableEmail,
): { matched: R[]; evaluated: number; patternBudgetExceeded: boolean } {
  const fields = new Fields(email);
  const matched: R[] = [];
  let evaluated = 0;
  for (const rule of rules) {
    evaluated += 1;
    if (!ruleMatches(rule, email, fields)) continue;
    matched.push(rule);
    if (stopsProcessing(rule.actions)) break;
  }
  return { matched, evaluated, patternBudgetExceeded: fields.budgetExceeded };
}
