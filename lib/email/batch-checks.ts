// What a batch must pass as a whole before any of its items is sent: the bulk threshold over
// every recipient of the batch (split into items, the threshold would never see the whole; see
// assert-bulk-start.ts) and room in the month's allowance for every item that goes now. Each
// item is then checked and counted again on its own as it is sent, exactly as a single send.
import { db } from "@/lib/db/client";
import { actorOf, boundProjectOf, type Principal } from "@/lib/auth/principal";
import { recordAudit } from "@/lib/audit/record-audit";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import { monthlyAllowance } from "@/lib/orgs/plans";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import { currentMonth, secondsUntilNextMonth } from "@/lib/email/message-store";
import type { BatchItem } from "@/lib/email/batch-schemas";

const recipientsOf = (item: BatchItem) => item.to.length + (item.cc?.length ?? 0) + (item.bcc?.length ?? 0);

/**
 * Items sent now are counted as they go; a scheduled item is counted when it goes, but needs room
 * now as a single scheduled send does. A pre-check, not a reservation: a send running beside the
 * batch may still take the last of the allowance, and the items it leaves no room for are refused
 * one by one (QUOTA_EXCEEDED entries).
 */
async function assertAllowanceFor(principal: Principal, items: BatchItem[], recipients: number) {
  const orgId = principal.orgId;
  const [org, counter] = await Promise.all([
    db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { plan: true, monthlySendAllowance: true, sendMode: true } }),
    db().sendCounter.findUnique({ where: { orgId_month: { orgId, month: currentMonth() } }, select: { count: true } }),
  ]);
  const allowance = monthlyAllowance(org);
  if (allowance === null) return;
  const left = Math.max(0, allowance - (counter?.count ?? 0));
  const needed = Math.max(1, items.filter((i) => !i.scheduledAt).length);
  if (left >= needed) return;
  await recordAudit({
    orgId,
    projectId: boundProjectOf(principal),
    ...actorOf(principal),
    action: "email.send",
    sendMode: org.sendMode,
    recipientCount: recipients,
    outcome: "refused_quota",
    metadata: { batch: items.length, needed, left },
  });
  throw tooManyRequests(
    "QUOTA_EXCEEDED",
    `This month's send allowance has ${left} ${left === 1 ? "send" : "sends"} left and this batch needs ${needed}; nothing was sent. It renews on the 1st, or upgrade your plan`,
    secondsUntilNextMonth(),
  );
}

export async function assertBatchMayStart(principal: Principal, items: BatchItem[]): Promise<void> {
  const recipients = items.reduce((n, item) => n + recipientsOf(item), 0);
  await assertMayStartBulk({
    principal,
    audience: recipients,
    action: "email.send",
    target: { metadata: { batch: String(items.length) } },
  });
  await assertAllowanceFor(principal, items, recipients);
}
