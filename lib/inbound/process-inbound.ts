// Runs the organization's rules on one received message and carries out their actions, in
// priority order, up to a rule that stops processing. Safe to run again after a crash: the
// matched rules and their actions are recorded before anything runs (a retry follows that
// plan even if the rules changed meanwhile), each action's outcome is recorded as it
// completes and skipped on the next run, and the sends go through sendOnce, so nothing is
// done twice.
//
// What is kept: a message no rule matched stays in the inbox (nothing is lost by default), as
// does one with an action that failed, or whose processing failed for good; otherwise it is
// in the inbox only if a matching rule stores it. Messages neither kept nor stored keep their
// record and rule results, without body or attachments.
import { z } from "zod";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { matchRules } from "@/lib/inbound/evaluate-rules";
import { enabledRules } from "@/lib/inbound/manage-rules";
import { ATTACHMENT_INFO, matchableOf, type StoredMessage } from "@/lib/inbound/stored-message";
import { actionsSchema, type RuleAction } from "@/lib/inbound/rule-schema";
import { ruleResultSchema } from "@/lib/inbound/schemas";
import type { ActionOutcome, ActionRun } from "@/lib/inbound/actions/action-run";
import { forward } from "@/lib/inbound/actions/forward";
import { autoReply } from "@/lib/inbound/actions/auto-reply";
import { webhook } from "@/lib/inbound/actions/webhook";
import type { Prisma } from "@/lib/generated/prisma/client";

/** A matched rule as recorded: what it will do (`planned`) and what it did (`actions`, by index). */
const planSchema = z.array(ruleResultSchema.extend({ planned: actionsSchema }));
type Plan = z.infer<typeof planSchema>;

/** Refusals no retry changes; anything else (no provider capacity now, the database away) is retried. */
const PERMANENT = new Set([
  "VALIDATION_ERROR",
  "TEST_MODE_RECIPIENT",
  "BULK_SEND_REQUIRES_2FA",
  "QUOTA_EXCEEDED",
  "TEMPLATE_NOT_FOUND",
  "PROVIDER_REJECTED",
  "PLAN_LIMIT_REACHED",
  "RECIPIENT_SUPPRESSED",
]);

async function load(id: string): Promise<StoredMessage | null> {
  return db().inboundMessage.findUnique({
    where: { id },
    include: { attachments: ATTACHMENT_INFO },
  });
}

/** The plan of an earlier run, or a new one from the rules as they are now (recorded before anything runs). */
async function planFor(message: StoredMessage): Promise<Plan> {
  const earlier = planSchema.safeParse(message.ruleResults);
  if (earlier.success && earlier.data.length > 0) return earlier.data;
  const { matched, patternBudgetExceeded } = matchRules(await enabledRules(message.orgId), matchableOf(message));
  if (patternBudgetExceeded)
    log.warn("inbound rules' regular expressions ran out of budget; the remaining ones did not match", { inboundMessageId: message.id });
  const plan = matched.map((r) => ({ ruleId: r.row.id, name: r.row.name, planned: r.actions, actions: [] }));
  if (plan.length) await db().inboundMessage.update({ where: { id: message.id }, data: { ruleResults: plan as Prisma.InputJsonArray } });
  return plan;
}

async function runAction(
  run: ActionRun<RuleAction["type"]>,
  progress: (tx: Prisma.TransactionClient, o: ActionOutcome) => Promise<void>,
): Promise<ActionOutcome> {
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
    // What the action would send does not make a valid send (say, an address a send cannot carry): no retry can change that.
    if (err instanceof z.ZodError)
      return {
        status: "failed",
        detail: `not sendable: ${err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`.slice(0, 500),
      };
    throw err;
  }
}

export async function processInbound(id: string, { lastAttempt = false } = {}): Promise<void> {
  const message = await load(id);
  if (!message || message.status !== "received") return; // processed already
  const plan = await planFor(message);
  const save = (client: Prisma.TransactionClient | ReturnType<typeof db> = db()) =>
    client.inboundMessage.update({ where: { id }, data: { ruleResults: plan as Prisma.InputJsonArray } });

  try {
    for (const entry of plan) {
      const rule = { id: entry.ruleId, name: entry.name };
      for (const [index, action] of entry.planned.entries()) {
        if (entry.actions[index]) continue; // done in an earlier run
        const record = (outcome: ActionOutcome) => {
          entry.actions[index] = { type: action.type, ...outcome };
        };
        const outcome = await runAction({ message, rule, action, key: `inbound:${id}:${entry.ruleId}:${index}` }, async (tx, o) => {
          record(o);
          await save(tx);
        });
        record(outcome);
        await save();
      }
    }
  } catch (err) {
    // Failed for good: kept in the inbox with what was done, so nothing is lost.
    if (lastAttempt)
      await db().inboundMessage.update({
        where: { id },
        data: { status: "failed", inInbox: true, processedAt: new Date(), ruleResults: plan as Prisma.InputJsonArray },
      });
    throw err;
  }

  const actions = plan.flatMap((r) => r.planned);
  const dropped = actions.some((a) => a.type === "drop");
  const failed = plan.some((r) => r.actions.some((a) => a.status === "failed"));
  const inInbox = failed || (!dropped && (plan.length === 0 || actions.some((a) => a.type === "store")));
  const tags = [...new Set([...message.tags, ...actions.flatMap((a) => (a.type === "tag" ? a.tags : []))])];
  await db().$transaction(async (tx) => {
    await tx.inboundMessage.update({
      where: { id },
      data: {
        status: dropped && !failed ? "dropped" : "processed",
        inInbox,
        tags,
        processedAt: new Date(),
        ruleResults: plan as Prisma.InputJsonArray,
        ...(inInbox ? {} : { text: null, html: null }),
      },
    });
    if (!inInbox) await tx.inboundAttachment.deleteMany({ where: { inboundMessageId: id } });
  });
}
