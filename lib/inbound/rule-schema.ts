// The inbound rule language (docs/inbound.md): conditions and actions, checked at save time.
// Conditions: a list, all of which must hold; each is a test on one part of the message or a
// group {all: [...]} / {any: [...]}. Regular expressions are RE2 syntax (lib/inbound/pattern.ts):
// they run in linear time, so no pattern can hang the server.
import { z } from "zod";
import { HEADER_NAME, mailbox } from "@/lib/email/address";
import { compilePattern, PatternError } from "@/lib/inbound/pattern";

export const TEXT_FIELDS = ["from", "to", "cc", "recipient", "subject", "body", "attachment_name", "attachment_type"] as const;
export const TEXT_OPERATORS = ["equals", "contains", "starts_with", "ends_with", "matches"] as const;
export const SIZE_OPERATORS = ["gt", "lt", "equals"] as const;
export const ACTION_TYPES = ["forward", "webhook", "store", "tag", "drop", "auto_reply", "stop"] as const;

const MAX_DEPTH = 4;
const MAX_CONDITIONS = 50;
const MAX_VALUE = 1000;

const caseSensitive = z.boolean().optional().describe("text comparisons ignore case unless true");
const negate = z.boolean().optional().describe("true: the condition holds when the test fails");

const textValue = z.string().min(1, "give a value").max(MAX_VALUE);

function checkPattern(c: { operator: string; value: string; caseSensitive?: boolean }, ctx: z.RefinementCtx) {
  if (c.operator !== "matches") return;
  try {
    compilePattern(c.value, c.caseSensitive ?? false);
  } catch (err) {
    if (!(err instanceof PatternError)) throw err;
    ctx.addIssue({ code: "custom", path: ["value"], message: err.message });
  }
}

const textCondition = z
  .object({ field: z.enum(TEXT_FIELDS), operator: z.enum(TEXT_OPERATORS), value: textValue, caseSensitive, negate })
  .strict()
  .superRefine(checkPattern);

const headerCondition = z
  .object({
    field: z.literal("header"),
    name: z.string().min(1).max(200).regex(HEADER_NAME, "not a valid header name"),
    operator: z.enum(TEXT_OPERATORS),
    value: textValue,
    caseSensitive,
    negate,
  })
  .strict()
  .superRefine(checkPattern);

const sizeCondition = z
  .object({
    field: z.literal("size"),
    operator: z.enum(SIZE_OPERATORS, { error: "size compares with gt, lt or equals" }),
    value: z.number().int().min(0).describe("bytes"),
    negate,
  })
  .strict();

const leafCondition = z.discriminatedUnion("field", [textCondition, headerCondition, sizeCondition]);
export type LeafCondition = z.infer<typeof leafCondition>;
export type Condition = LeafCondition | { all: Condition[] } | { any: Condition[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * One condition, dispatched on its keys rather than tried against each shape in turn, so a
 * mistake is reported at its own path (conditions.1.any.0.operator), not as "invalid input".
 */
const conditionSchema: z.ZodType<Condition> = z.unknown().transform((value, ctx) => {
  const schema = isObject(value) && "all" in value ? allGroup : isObject(value) && "any" in value ? anyGroup : leafCondition;
  const result = schema.safeParse(value);
  if (result.success) return result.data as Condition;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z.NEVER;
}) as unknown as z.ZodType<Condition>;

const conditionList = z.array(conditionSchema).min(1, "give at least one condition").max(MAX_CONDITIONS);
const allGroup = z.object({ all: conditionList }).strict();
const anyGroup = z.object({ any: conditionList }).strict();

function depthAndCount(conditions: Condition[], depth = 1): { depth: number; count: number } {
  let deepest = depth;
  let count = 0;
  for (const c of conditions) {
    count += 1;
    const inner = "all" in c ? c.all : "any" in c ? c.any : null;
    if (inner) {
      const sub = depthAndCount(inner, depth + 1);
      deepest = Math.max(deepest, sub.depth);
      count += sub.count;
    }
  }
  return { depth: deepest, count };
}

export const conditionsSchema = conditionList.superRefine((conditions, ctx) => {
  const { depth, count } = depthAndCount(conditions);
  if (depth > MAX_DEPTH) ctx.addIssue({ code: "custom", message: `groups nest at most ${MAX_DEPTH} deep` });
  if (count > MAX_CONDITIONS) ctx.addIssue({ code: "custom", message: `at most ${MAX_CONDITIONS} conditions in all` });
});

const address = mailbox.transform((a) => a.email.toLowerCase());
const TAG = /^[A-Za-z0-9_.:-]{1,50}$/;

const actionSchema = z.discriminatedUnion("type", [
  z
    .object({
      type: z.literal("forward"),
      to: z.array(address).min(1).max(10).describe("forward to these addresses, through the normal send path"),
      from: address.optional().describe("default: the address the message was sent to"),
    })
    .strict(),
  z.object({ type: z.literal("webhook"), endpointId: z.uuid("not a webhook endpoint id") }).strict(),
  z.object({ type: z.literal("store") }).strict(),
  z
    .object({ type: z.literal("tag"), tags: z.array(z.string().regex(TAG, "tags are 1-50 letters, digits or _ . : -")).min(1).max(10) })
    .strict(),
  z.object({ type: z.literal("drop") }).strict(),
  z
    .object({
      type: z.literal("auto_reply"),
      templateId: z.uuid("not a template id"),
      from: address.optional().describe("default: the address the message was sent to"),
      variables: z.record(z.string(), z.string().max(MAX_VALUE)).optional(),
    })
    .strict(),
  z.object({ type: z.literal("stop") }).strict(),
]);
export type RuleAction = z.infer<typeof actionSchema>;

export const actionsSchema = z
  .array(actionSchema)
  .min(1, "give at least one action")
  .max(10)
  .superRefine((actions, ctx) => {
    const ends = actions.findIndex((a) => a.type === "drop" || a.type === "stop");
    if (ends !== -1 && ends !== actions.length - 1)
      ctx.addIssue({ code: "custom", path: [ends], message: `${actions[ends].type} must be the last action` });
  });

/** A rule ends processing when it drops the message or says stop. */
export function stopsProcessing(actions: readonly RuleAction[]): boolean {
  return actions.some((a) => a.type === "drop" || a.type === "stop");
}
