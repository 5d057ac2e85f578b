// The address's owner pressed Confirm: the sender may now send in production. Only the sender
// the link was made for, at the same address, is confirmed; confirming twice changes nothing.
// Audited as the system acting on the owner's confirmation (they have no account).
import { db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import type { ConfirmationClaim } from "@/lib/senders/confirmation-token";

export async function findSenderToConfirm(claim: ConfirmationClaim) {
  const sender = await db().sender.findFirst({
    where: { id: claim.senderId, email: claim.email },
    include: { organization: { select: { name: true } } },
  });
  return sender ? { email: sender.email, orgName: sender.organization.name, confirmed: sender.confirmedAt !== null } : null;
}

/** False when the sender no longer exists (deleted, or the link was for another address). */
export async function confirmSender(claim: ConfirmationClaim): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const sender = await tx.sender.findFirst({ where: { id: claim.senderId, email: claim.email } });
    if (!sender) return false;
    if (sender.confirmedAt) return true;
    await tx.sender.update({ where: { id: sender.id }, data: { confirmedAt: new Date() } });
    await recordAudit(
      {
        orgId: sender.orgId,
        actorType: "system",
        actorId: "sender_confirmation",
        action: "sender.confirmed",
        targetType: "sender",
        targetId: sender.id,
        metadata: { email: sender.email },
      },
      tx,
    );
    return true;
  });
}
