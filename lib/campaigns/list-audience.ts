// A campaign's audience: its list's subscribed members, whom starting it now would send to
// (unsubscribed ones are skipped at the start). What the bulk-send control counts.
import { rawQuery } from "@/lib/db/raw-query";
import { AppError } from "@/lib/errors/app-error";
import { assertMayStartBulk } from "@/lib/safety/assert-bulk-start";
import { callerMayBulkSend } from "@/lib/email/check-safety";
import type { Principal } from "@/lib/auth/principal";
import { Prisma } from "@/lib/generated/prisma/client";

export async function listAudience(orgId: string, listId: string | null): Promise<number> {
  if (!listId) return 0;
  const [row] = await rawQuery<{ n: number }>(
    Prisma.sql`SELECT count(*)::int AS n FROM contact_list_members m JOIN contacts ct ON ct.id = m.contact_id
     WHERE m.list_id = ${listId}::uuid AND ct.org_id = ${orgId}::uuid AND ct.subscription_status = 'subscribed'`,
  );
  return Number(row.n);
}

/** Starting or scheduling the campaign is sending to its audience: the caller needs email:send,
 * and above the organization's threshold what a bulk send needs (assert-bulk-start.ts).
 * Returns whether the caller may send in bulk at all: a campaign scheduled by such a caller may
 * find its list grown when it starts (assertScheduledStartApproved). */
export async function assertMayStartCampaign(
  principal: Principal,
  c: { id: string; name: string; listId: string | null },
  action: string,
): Promise<boolean> {
  const audience = await listAudience(principal.orgId, c.listId);
  await assertMayStartBulk({ principal, audience, action, target: { targetType: "campaign", targetId: c.id, metadata: { name: c.name } } });
  return callerMayBulkSend(principal);
}

/** A scheduled start sends to the list as it is then, which may have grown since it was
 * scheduled (members added by anyone who may edit lists): above the organization's threshold
 * (in production) it needs the scheduler to have been one who may send in bulk. Run inside the
 * start's transaction, after the recipients are taken, so it counts exactly whom it would send to. */
export async function assertScheduledStartApproved(
  tx: Prisma.TransactionClient,
  c: { id: string; orgId: string; bulkApproved: boolean },
): Promise<void> {
  if (c.bulkApproved) return;
  const org = await tx.organization.findUniqueOrThrow({ where: { id: c.orgId }, select: { sendMode: true, require2faThreshold: true } });
  if (org.sendMode !== "production") return;
  const [{ n }] = await tx.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM campaign_sends WHERE campaign_id = ${c.id}::uuid AND status = 'pending'`;
  if (n <= org.require2faThreshold) return;
  throw new AppError(
    "BULK_SEND_REQUIRES_2FA",
    `its list grew to ${n} subscribed contacts while it was scheduled, more than this organization's threshold of ${org.require2faThreshold}; schedule it again as someone who may send in bulk (a fresh second factor, or a key created with bulk sending allowed)`,
  );
}
