// Role changes and removals. Rules: an admin cannot touch an owner or make one, and an
// organization always keeps at least one owner.
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { memberView } from "@/lib/members/member-view";
import { revokeGrantIn } from "@/lib/oauth/revoke";

interface Target {
  orgId: string;
  memberId: string;
  actor: { userId: string; role: Role };
}

/** Locks the organization row first: changes to one organization's members run one at a
 * time, so two owners demoting each other at once cannot both pass the last-owner check. */
async function loadTarget(tx: Prisma.TransactionClient, { orgId, memberId, actor }: Target) {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId}::uuid FOR UPDATE`;
  // The actor's role as it is now, under the lock: it may have changed since sign-in.
  const me = await tx.membership.findUnique({ where: { orgId_userId: { orgId, userId: actor.userId } } });
  const actorRole = me?.role as Role | undefined;
  const m = await tx.membership.findFirst({ where: { id: memberId, orgId }, include: { user: true } });
  if (!m) throw notFound("Member");
  if (!actorRole || !canAssignRole(actorRole, m.role as Role)) {
    throw new AppError("PERMISSION_DENIED", `Your role cannot change a member with the ${m.role} role`);
  }
  return { m, actorRole };
}

async function assertAnotherOwner(tx: Prisma.TransactionClient, orgId: string, memberId: string) {
  const others = await tx.membership.count({ where: { orgId, role: "owner", id: { not: memberId } } });
  if (others === 0) throw new AppError("CONFLICT", "An organization must keep at least one owner");
}

export async function updateMemberRole(target: Target & { role: Role }) {
  const { orgId, actor, role } = target;
  return db().$transaction(async (tx) => {
    const { m, actorRole } = await loadTarget(tx, target);
    if (!canAssignRole(actorRole, role)) throw new AppError("PERMISSION_DENIED", `Your role cannot grant the ${role} role`);
    if (m.role === "owner" && role !== "owner") await assertAnotherOwner(tx, orgId, m.id);
    // Whoever set this account's password (an admin adding the member) could sign in as it, and
    // change it too: it becomes an owner only once its holder has set a password through a link
    // mailed to their own address.
    if (role === "owner" && m.role !== "owner" && !m.user.passwordChosenAt) {
      throw new AppError(
        "CONFLICT",
        `${m.user.email} still has a password someone else set (or changed without a link mailed to them); send them a reset link (POST /api/org/members/${m.id}/password-reset) and make them owner once they have used it`,
      );
    }
    const updated = await tx.membership.update({ where: { id: m.id }, data: { role } });
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: actor.userId,
        action: "member.role_changed",
        targetType: "membership",
        targetId: m.id,
        metadata: { email: m.user.email, from: m.role, to: role },
      },
      tx,
    );
    return memberView(updated, m.user);
  });
}

export async function removeMember(target: Target) {
  const { orgId, actor } = target;
  return db().$transaction(async (tx) => {
    const { m } = await loadTarget(tx, target);
    if (m.role === "owner") await assertAnotherOwner(tx, orgId, m.id);
    await tx.membership.delete({ where: { id: m.id } });
    // The apps the member connected lose their access with the membership.
    const grants = await tx.oAuthGrant.findMany({ where: { orgId, userId: m.userId, revokedAt: null }, select: { id: true } });
    for (const g of grants) await revokeGrantIn(tx, g.id);
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: actor.userId,
        action: "member.removed",
        targetType: "membership",
        targetId: m.id,
        metadata: { email: m.user.email, role: m.role },
      },
      tx,
    );
    return { removed: true };
  });
}
