// Create, read, update and delete an organization's inbound rules, and the dry run of
// POST /api/inbound/test. Rules naming a webhook endpoint or a template are checked against
// the organization's own at save time. Every change is audited.
import { db } from "@/lib/db/client";
import { AppError, notFound, type FieldIssue } from "@/lib/errors/app-error";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { matchRules } from "@/lib/inbound/evaluate-rules";
import { parseStoredRule, type StoredRule } from "@/lib/inbound/stored-rule";
import { testEmail } from "@/lib/inbound/test-email";
import type { RuleAction } from "@/lib/inbound/rule-schema";
import type { CreateRuleInput, RuleTestInput, UpdateRuleInput } from "@/lib/inbound/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";

const ORDER = [{ priority: "asc" as const }, { createdAt: "asc" as const }, { id: "asc" as const }];

/** Every action's reference (webhook endpoint, template) must be the organization's own. */
async function checkReferences(orgId: string, actions: RuleAction[]): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const [i, a] of actions.entries()) {
    if (a.type === "webhook" && !(await db().webhookEndpoint.findFirst({ where: { id: a.endpointId, orgId }, select: { id: true } }))) {
      issues.push({ path: `body.actions.${i}.endpointId`, message: "no webhook endpoint with this id" });
    }
    if (a.type === "auto_reply" && !(await db().template.findFirst({ where: { id: a.templateId, orgId }, select: { id: true } }))) {
      issues.push({ path: `body.actions.${i}.templateId`, message: "no template with this id" });
    }
  }
  if (issues.length)
    throw new AppError("VALIDATION_ERROR", `Invalid request: ${issues.map((d) => `${d.path}: ${d.message}`).join("; ")}`, issues);
}

const audit = (principal: Principal, action: string, rule: { id: string; name: string }, tx?: Prisma.TransactionClient) =>
  recordAudit(
    { orgId: principal.orgId, ...actorOf(principal), action, targetType: "inbound_rule", targetId: rule.id, metadata: { name: rule.name } },
    tx,
  );

export async function listRules({ orgId, skip, take }: { orgId: string; skip: number; take: number }) {
  const where = { orgId };
  const [rows, total] = await Promise.all([
    db().inboundRule.findMany({ where, orderBy: ORDER, skip, take }),
    db().inboundRule.count({ where }),
  ]);
  return { items: rows, total };
}

/** The organization's enabled rules in the order they run. */
export async function enabledRules(orgId: string): Promise<StoredRule[]> {
  const rows = await db().inboundRule.findMany({ where: { orgId, isEnabled: true }, orderBy: ORDER });
  return rows.map(parseStoredRule);
}

/** Every message is checked against every enabled rule: the list stays a size that is quick to run. */
export const MAX_RULES = 200;

export async function createRule({ principal, input }: { principal: Principal; input: CreateRuleInput }) {
  if ((await db().inboundRule.count({ where: { orgId: principal.orgId } })) >= MAX_RULES) {
    throw new AppError(
      "PLAN_LIMIT_REACHED",
      `An organization has at most ${MAX_RULES} inbound rules; combine rules with any/all groups, or delete unused ones`,
    );
  }
  await checkReferences(principal.orgId, input.actions);
  return db().$transaction(async (tx) => {
    const rule = await tx.inboundRule.create({
      data: {
        orgId: principal.orgId,
        ...input,
        conditions: input.conditions as Prisma.InputJsonArray,
        actions: input.actions as Prisma.InputJsonArray,
        metadata: input.metadata as Prisma.InputJsonObject,
      },
    });
    await audit(principal, "inbound_rule.created", rule, tx);
    return rule;
  });
}

export async function updateRule({ principal, id, input }: { principal: Principal; id: string; input: UpdateRuleInput }) {
  if (input.actions) await checkReferences(principal.orgId, input.actions);
  return db().$transaction(async (tx) => {
    const found = await tx.inboundRule.findFirst({ where: { id, orgId: principal.orgId }, select: { id: true } });
    if (!found) throw notFound("Inbound rule");
    const rule = await tx.inboundRule.update({
      where: { id },
      data: {
        ...input,
        conditions: input.conditions as Prisma.InputJsonArray | undefined,
        actions: input.actions as Prisma.InputJsonArray | undefined,
        metadata: input.metadata as Prisma.InputJsonObject | undefined,
      },
    });
    await audit(principal, "inbound_rule.updated", rule, tx);
    return rule;
  });
}

export async function deleteRule({ principal, id }: { principal: Principal; id: string }): Promise<{ deleted: boolean }> {
  return db().$transaction(async (tx) => {
    const rule = await tx.inboundRule.findFirst({ where: { id, orgId: principal.orgId } });
    if (!rule) throw notFound("Inbound rule");
    await tx.inboundRule.delete({ where: { id } });
    await audit(principal, "inbound_rule.deleted", rule, tx);
    return { deleted: true };
  });
}

/** Simulates a message against the enabled rules: which would match, in order; nothing is executed. */
export async function testRules({ orgId, input }: { orgId: string; input: RuleTestInput }) {
  const rules = await enabledRules(orgId);
  const { matched, evaluated } = matchRules(rules, testEmail(input));
  return { matchedRules: matched.map((r) => r.row), totalRulesEvaluated: evaluated };
}
