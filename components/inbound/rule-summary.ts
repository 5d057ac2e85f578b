// A rule's conditions and actions in words, for the rules list: "subject contains “invoice”",
// "tag invoice · keep in inbox".
import type { Condition, LeafCondition, RuleAction } from "@/lib/inbound/rule-schema";

const TEXT_VERBS: Record<string, [string, string]> = {
  equals: ["is", "is not"],
  contains: ["contains", "does not contain"],
  starts_with: ["starts with", "does not start with"],
  ends_with: ["ends with", "does not end with"],
  matches: ["matches", "does not match"],
};
const SIZE_VERBS: Record<string, [string, string]> = {
  gt: ["is larger than", "is not larger than"],
  lt: ["is smaller than", "is not smaller than"],
  equals: ["is exactly", "is not exactly"],
};
const FIELD_WORDS: Record<string, string> = {
  from: "from",
  to: "to",
  cc: "cc",
  subject: "subject",
  body: "body",
  attachment_name: "an attachment name",
  attachment_type: "an attachment type",
};

/** 1536 → "1.5 KB"; exact bytes below 1 KB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

function describeLeaf(c: LeafCondition): string {
  const not = c.negate ? 1 : 0;
  if (c.field === "size") return `size ${SIZE_VERBS[c.operator]?.[not] ?? c.operator} ${formatBytes(c.value)}`;
  const subject = c.field === "header" ? `header ${c.name}` : (FIELD_WORDS[c.field] ?? c.field);
  const value = c.operator === "matches" ? `/${c.value}/` : `“${c.value}”`;
  return `${subject} ${TEXT_VERBS[c.operator]?.[not] ?? c.operator} ${value}${c.caseSensitive ? " (case-sensitive)" : ""}`;
}

function describe(c: Condition): string {
  if ("all" in c) return `all of (${c.all.map(describe).join("; ")})`;
  if ("any" in c) return `any of (${c.any.map(describe).join("; ")})`;
  return describeLeaf(c);
}

/** The top-level list: all of it must hold. */
export function describeConditions(conditions: readonly Condition[]): string {
  if (conditions.length === 1 && "any" in conditions[0]) return `any of: ${conditions[0].any.map(describe).join("; ")}`;
  return conditions.map(describe).join(" and ");
}

function describeAction(a: RuleAction): string {
  switch (a.type) {
    case "forward":
      return `forward to ${a.to.join(", ")}`;
    case "webhook":
      return "send to a webhook";
    case "store":
      return "keep in inbox";
    case "tag":
      return `tag ${a.tags.join(", ")}`;
    case "drop":
      return "drop";
    case "auto_reply":
      return "auto-reply";
    case "stop":
      return "stop";
  }
}

export function describeActions(actions: readonly RuleAction[]): string {
  return actions.map(describeAction).join(" · ");
}
