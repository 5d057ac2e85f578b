// Password resets, started by an owner or admin for a member (never by an anonymous visitor, so
// no public page says whether an address has an account). The link goes to the member's own
// address through the system transport; whoever asked never sees it. Using it sets the new
// password, counts it as chosen by its holder, and ends every session of the account.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashPassword } from "@/lib/crypto/password";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { assertSystemMail } from "@/lib/system-mail/send-system-mail";
import { createAndMailLink, useLink } from "@/lib/account-links/account-link";
import { passwordResetEmail } from "@/lib/account-links/link-emails";

export async function requestPasswordReset({
  orgId,
  memberId,
  actor,
}: {
  orgId: string;
  memberId: string;
  actor: { userId: string; role: Role };
}) {
  const m = await db().membership.findFirst({
    where: { id: memberId, orgId },
    include: { user: { select: { id: true, email: true } }, organization: { select: { name: true } } },
  });
  if (!m) throw notFound("Member");
  // The actor's role as it is now; an admin cannot reset an owner's password.
  const me = await db().membership.findUnique({ where: { orgId_userId: { orgId, userId: actor.userId } }, select: { role: true } });
  if (!me || !canAssignRole(me.role as Role, m.role as Role))
    throw new AppError("PERMISSION_DENIED", `Your role cannot reset the password of a member with the ${m.role} role`);
  assertSystemMail("Password reset by email");
  return createAndMailLink(
    { kind: "password_reset", orgId, email: m.user.email, userId: m.user.id, createdBy: actor.userId },
    (url, expiresAt) => passwordResetEmail({ orgName: m.organization.name, url, expiresAt }),
    (tx) =>
      recordAudit(
        {
          orgId,
          actorType: "user",
          actorId: actor.userId,
          action: "member.password_reset_requested",
          targetType: "membership",
          targetId: m.id,
          metadata: { email: m.user.email },
        },
        tx,
      ),
  );
}

/** Sets the password the holder chose, ends their sessions; null when the link was used meanwhile. */
export async function completePasswordReset(
  link: { id: string; orgId: string; userId: string | null },
  password: string,
): Promise<boolean> {
  if (!link.userId) return false;
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx: Prisma.TransactionClient) => {
    if (!(await useLink(tx, link.id))) return false;
    const { count } = await tx.user.updateMany({
      where: { id: link.userId! },
      data: { passwordHash, passwordChosenAt: new Date(), mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    if (count === 0) return false;
    await recordAudit(
      {
        orgId: link.orgId,
        actorType: "user",
        actorId: link.userId,
        action: "user.password_reset",
        targetType: "user",
        targetId: link.userId!,
      },
      tx,
    );
    return true;
  });
}
