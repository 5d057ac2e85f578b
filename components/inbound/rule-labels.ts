// Words for the rule language's fields, operators and actions (lib/inbound/rule-schema.ts), as
// the editor's selects show them and as rule summaries read.
import { ACTION_TYPES, SIZE_OPERATORS, TEXT_FIELDS, TEXT_OPERATORS } from "@/lib/inbound/rule-schema";

export type TextField = (typeof TEXT_FIELDS)[number];
export type LeafField = TextField | "header" | "size";
export type TextOperator = (typeof TEXT_OPERATORS)[number];
export type SizeOperator = (typeof SIZE_OPERATORS)[number];
export type ActionType = (typeof ACTION_TYPES)[number];

export const LEAF_FIELDS: readonly LeafField[] = [...TEXT_FIELDS, "header", "size"];

export const FIELD_LABELS: Record<LeafField, string> = {
  from: "From address",
  to: "To address",
  cc: "Cc address",
  recipient: "Any recipient (To, Cc or envelope)",
  subject: "Subject",
  body: "Body text",
  attachment_name: "Attachment name",
  attachment_type: "Attachment type",
  header: "Header",
  size: "Size (bytes)",
};

export const TEXT_OPERATOR_LABELS: Record<TextOperator, string> = {
  equals: "is",
  contains: "contains",
  starts_with: "starts with",
  ends_with: "ends with",
  matches: "matches regex (RE2)",
};

export const SIZE_OPERATOR_LABELS: Record<SizeOperator, string> = {
  gt: "larger than",
  lt: "smaller than",
  equals: "exactly",
};

export const ACTION_LABELS: Record<ActionType, string> = {
  store: "Keep in inbox",
  tag: "Tag",
  forward: "Forward",
  webhook: "Send to a webhook",
  auto_reply: "Auto-reply",
  drop: "Drop",
  stop: "Stop (no later rules)",
};

export const ACTION_HINTS: Record<ActionType, string> = {
  store: "Keeps the message in the inbox. A message that matches rules is kept only if one of them says so.",
  tag: "Adds tags you can filter the inbox by.",
  forward: "Sends a copy through your providers, from the address it arrived at unless you set one.",
  webhook: "POSTs the message to one of your webhook endpoints, signed like other events.",
  auto_reply: "Answers the sender with one of your templates.",
  drop: "Discards the message; it is not kept. Must be the last action.",
  stop: "Later rules do not run on this message. Must be the last action.",
};

export const isSizeOperator = (op: string): op is SizeOperator => (SIZE_OPERATORS as readonly string[]).includes(op);
export const isTextOperator = (op: string): op is TextOperator => (TEXT_OPERATORS as readonly string[]).includes(op);

/** Switching a test between text and size keeps its operator when that still applies. */
export function operatorFor(field: LeafField, current: string): string {
  if (field === "size") return isSizeOperator(current) ? current : "gt";
  return isTextOperator(current) ? current : "contains";
}
