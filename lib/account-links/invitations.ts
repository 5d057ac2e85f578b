// Pending invitations (unused and unexpired links of the kind "invitation"): listed for the
// organization's members page and revocable by owners and admins. The token is never shown
// (only its hash is kept). A revoked invitation's link opens nothing: its row is removed.
import { db } from "@/lib/db/client";
import { AppError, notFound } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { canAssignRole, type Role } from "@/lib/auth/permissions";

const pending = (orgId: string) => ({ orgId, kind: "invitation", usedAt: null, expiresAt: { gt: new Date() } });

export async function listInvitations({ orgId }: { orgId: string }) {
  const rows = await db().accountLink.findMany({ where: pending(orgId), orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  const inviters = await db().user.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.createdBy))] } },
    select: { id: true, email: true },
  });
  const emailOf = new Map(inviters.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role ?? "member",
    invitedBy: emailOf.get(r.createdBy) ?? null,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
  }));
}

export async function revokeInvitation({ orgId, id, actor }: { orgId: string; id: string; actor: { userId: string; role: Role } }) {
  return db().$transaction(async (tx) => {
    const link = await tx.accountLink.findFirst({ where: { id, ...pending(orgId) } });
    if (!link) throw notFound("Invitation");
    // The actor's role as it is now: an admin cannot revoke an owner's invitation, as they cannot make one.
    const me = await tx.membership.findUnique({ where: { orgId_userId: { orgId, userId: actor.userId } }, select: { role: true } });
    if (!me || !canAssignRole(me.role as Role, (link.role ?? "member") as Role))
      throw new AppError("PERMISSION_DENIED", `Your role cannot revoke an invitation with the ${link.role} role`);
    const { count } = await tx.accountLink.deleteMany({ where: { id: link.id, usedAt: null } });
    if (count === 0) throw notFound("Invitation"); // accepted meanwhile
    await recordAudit(
      {
        orgId,
        actorType: "user",
        actorId: actor.userId,
        action: "member.invitation_revoked",
        targetType: "invitation",
        targetId: link.id,
        metadata: { email: link.email, role: link.role },
      },
      tx,
    );
    return { revoked: true };
  });
}
