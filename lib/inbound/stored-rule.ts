// A rule row read back for evaluation. Rows were checked when saved; a row that no longer
// parses (the language tightened since) is treated as matching nothing rather than failing
// every message.
import type { InboundRule } from "@/lib/generated/prisma/client";
import { actionsSchema, conditionsSchema, type Condition, type RuleAction } from "@/lib/inbound/rule-schema";
import { log } from "@/lib/log";

export interface StoredRule {
  row: InboundRule;
  conditions: Condition[];
  actions: RuleAction[];
}

const NEVER: Condition[] = [{ field: "size", operator: "lt", value: 0 }];

export function parseStoredRule(row: InboundRule): StoredRule {
  const conditions = conditionsSchema.safeParse(row.conditions);
  const actions = actionsSchema.safeParse(row.actions);
  if (!conditions.success || !actions.success) {
    log.warn("inbound rule no longer parses; it matches nothing until it is saved again", { ruleId: row.id });
    return { row, conditions: NEVER, actions: [] };
  }
  return { row, conditions: conditions.data, actions: actions.data };
}
