// The invitee chose a password on the invitation page: their account and membership are made,
// with the role of the invitation. The link is used up in the same transaction.
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { hashPassword } from "@/lib/crypto/password";
import { recordAudit } from "@/lib/audit/record-audit";
import { useLink } from "@/lib/account-links/account-link";

/** False when the link was used meanwhile or the address got an account another way. */
export async function acceptInvitation(link: { id: string; orgId: string; email: string; role: string | null }, { name, password }: { name: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  try {
    return await db().$transaction(async (tx) => {
      if (!(await useLink(tx, link.id))) return false;
      if (await tx.user.findUnique({ where: { email: link.email }, select: { id: true } })) return false;
      const user = await tx.user.create({ data: { email: link.email, name, passwordHash, passwordChosenAt: new Date() } });
      const m = await tx.membership.create({ data: { orgId: link.orgId, userId: user.id, role: link.role ?? "member" } });
      await recordAudit({ orgId: link.orgId, actorType: "user", actorId: user.id, action: "member.invitation_accepted", targetType: "membership", targetId: m.id, metadata: { email: user.email, role: m.role } }, tx);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
