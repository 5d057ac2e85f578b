// Mail to an audience started in one call (a templated send, a campaign, a sequence's
// enrolments) is the caller's send, even though each recipient then goes out on its own as the
// product's: it needs email:send besides the feature's own scope, and an audience above the
// organization's require2faThreshold (in production) needs what one send to as many would: a
// key created with bulk allowed, or a user's fresh second factor. Why: split into
// one-recipient sends, the threshold would never see the whole.
import { db } from "@/lib/db/client";
import { authorize } from "@/lib/auth/authorize";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { bulkRefusal, callerMayBulkSend } from "@/lib/email/check-safety";

interface BulkStart {
  principal: Principal;
  /** How many recipients the call starts mail to; "unbounded" when it cannot be known up front
   * (a streamed import into a list that starts a sequence), which counts as above any threshold. */
  audience: number | "unbounded";
  /** The audit action a refusal is recorded under, and what it concerned. */
  action: string;
  target: { targetType?: string; targetId?: string; metadata?: Record<string, string> };
}

export async function assertMayStartBulk({ principal, audience, action, target }: BulkStart): Promise<void> {
  authorize(principal, { scope: "email:send" });
  const org = await db().organization.findUniqueOrThrow({
    where: { id: principal.orgId },
    select: { sendMode: true, require2faThreshold: true },
  });
  if (org.sendMode !== "production" || (audience !== "unbounded" && audience <= org.require2faThreshold)) return;
  if (await callerMayBulkSend(principal)) return;
  const recipientCount = audience === "unbounded" ? undefined : audience;
  await recordAudit({
    orgId: principal.orgId,
    ...actorOf(principal),
    action,
    ...target,
    sendMode: org.sendMode,
    recipientCount,
    outcome: "refused_bulk",
  });
  throw bulkRefusal(principal, org.require2faThreshold);
}
