// Runs the organization's rules on one received message and carries out their actions, in
// priority order, up to a rule that stops processing. Safe to run again after a crash: each
// action's outcome is recorded as it completes and skipped on the next run, and the sends
// (forward, auto_reply) carry idempotency keys, so nothing is done twice.
//
// What is kept: a message no rule matched stays in the inbox (nothing is lost by default); a
// message rules matched is in the inbox only if one of them stores it. Messages neither kept
// nor stored keep their record and rule results, without body or attachments.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { matchRules } from "@/lib/inbound/evaluate-rules";
import { enabledRules } from "@/lib/inbound/manage-rules";
import { matchableOf, type StoredMessage } from "@/lib/inbound/stored-message";
import type { StoredRule } from "@/lib/inbound/stored-rule";
import type { RuleAction } from "@/lib/inbound/rule-schema";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";
import { forward } from "@/lib/inbound/actions/forward";
import { autoReply } from "@/lib/inbound/actions/auto-reply";
import { webhook } from "@/lib/inbound/actions/webhook";
import type { Prisma } from "@/lib/generated/prisma/client";

const resultsSchema = z.array(
  z.object({
    ruleId: z.string(),
    name: z.string(),
    actions: z.array(z.object({ type: z.string(), status: z.enum(["done", "failed", "skipped"]), detail: z.string().nullable() })),
  }),
);
type RuleResults = z.infer<typeof resultsSchema>;

/** Errors worth another try later (no provider capacity now, the database away); others are the action's final outcome. */
const PERMANENT = new Set(["VALIDATION_ERROR", "TEST_MODE_RECIPIENT", "BULK_SEND_REQUIRES_2FA", "QUOTA_EXCEEDED", "TEMPLATE_NOT_FOUND", "PROVIDER_REJECTED", "IDEMPOTENCY_CONFLICT", "PLAN_LIMIT_REACHED"]);

async function load(id: string): Promise<StoredMessage | null> {
  return db().inboundMessage.findUnique({
    where: { id },
    include: { attachments: { select: { id: true, filename: true, contentType: true, size: true, contentId: true }, orderBy: { position: "asc" } } },
  });
}

function resultFor(results: RuleResults, rule: StoredRule): RuleResults[number] {
  let entry = results.find((r) => r.ruleId === rule.row.id);
  if (!entry) {
    entry = { ruleId: rule.row.id, name: rule.row.name, actions: [] };
    results.push(entry);
  }
  return entry;
}

async function runAction(run: ActionRun<RuleAction["type"]>, progress: (tx: Prisma.TransactionClient, o: ActionOutcome) => Promise<void>): Promise<ActionOutcome> {
  try {
    switch (run.action.type) {
      case "forward":
        return await forward(run as ActionRun<"forward">);
      case "auto_reply":
        return await autoReply(run as ActionRun<"auto_reply">);
      case "webhook":
        return await webhook(run as ActionRun<"webhook">, progress);
      default:
        // store, tag, drop and stop act on the record itself, at the end.
        return { status: "done", detail: null };
    }
  } catch (err) {
    if (err instanceof AppError && PERMANENT.has(err.code)) return { status: "failed", detail: err.message.slice(0, 500) };
    // What the action would send does not make a valid send (say, a forwarded attachment's name): no retry can change that.
    if (err instanceof z.ZodError) return { status: "failed", detail: `not sendable: ${err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`.slice(0, 500) };
    throw err;
  }
}

export async function processInbound(id: string, { lastAttempt = false } = {}): Promise<void> {
  const message = await load(id);
  if (!message || message.status !== "received") return; // processed already
  const rules = await enabledRules(message.orgId);
  const { matched } = matchRules(rules, matchableOf(message));
  const results = resultsSchema.catch([]).parse(message.ruleResults);
  const save = (client: Prisma.TransactionClient | ReturnType<typeof db> = db()) =>
    client.inboundMessage.update({ where: { id }, data: { ruleResults: results as Prisma.InputJsonArray } });

  try {
    for (const rule of matched) {
      const entry = resultFor(results, rule);
      for (const [index, action] of rule.actions.entries()) {
        if (entry.actions[index]) continue; // done in an earlier run
        const record = (outcome: ActionOutcome) => {
          entry.actions[index] = { type: action.type, ...outcome };
        };
        const outcome = await runAction({ message, rule, action, key: `inbound:${id}:${rule.row.id}:${index}` }, async (tx, o) => {
          record(o);
          await save(tx);
        });
        record(outcome);
        await save();
      }
    }
  } catch (err) {
    if (lastAttempt) await db().inboundMessage.update({ where: { id }, data: { status: "failed", processedAt: new Date() } });
    throw err;
  }

  const actions = matched.flatMap((r) => r.actions);
  const dropped = actions.some((a) => a.type === "drop");
  const inInbox = !dropped && (matched.length === 0 || actions.some((a) => a.type === "store"));
  const tags = [...new Set([...message.tags, ...actions.flatMap((a) => (a.type === "tag" ? a.tags : []))])];
  await db().$transaction(async (tx) => {
    await tx.inboundMessage.update({
      where: { id },
      data: {
        status: dropped ? "dropped" : "processed",
        inInbox,
        tags,
        processedAt: new Date(),
        ruleResults: results as Prisma.InputJsonArray,
        ...(inInbox ? {} : { text: null, html: null }),
      },
    });
    if (!inInbox) await tx.inboundAttachment.deleteMany({ where: { inboundMessageId: id } });
  });
}
