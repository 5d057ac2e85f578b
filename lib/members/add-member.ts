// Adds a person to the organization. A new address becomes a user who can sign in with the
// given password; an existing user keeps their own password and simply joins.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hashPassword } from "@/lib/crypto/password";
import { recordAudit } from "@/lib/audit/record-audit";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import type { AddMemberInput } from "@/lib/members/schemas";

interface Options {
  orgId: string;
  actor: { userId: string; role: Role };
  input: AddMemberInput;
}

export async function addMember({ orgId, actor, input }: Options) {
  if (!canAssignRole(actor.role, input.role)) {
    throw new AppError("PERMISSION_DENIED", `Your role cannot grant the ${input.role} role`);
  }
  const passwordHash = await hashPassword(input.password);
  return db().$transaction(async (tx) => {
    const user = await tx.user.upsert({
      where: { email: input.email },
      update: {},
      create: { email: input.email, name: input.name, passwordHash },
    });
    const existing = await tx.membership.findUnique({ where: { orgId_userId: { orgId, userId: user.id } } });
    if (existing) throw new AppError("CONFLICT", `${input.email} is already a member`);
    const m = await tx.membership.create({ data: { orgId, userId: user.id, role: input.role } });
    await recordAudit(
      { orgId, actorType: "user", actorId: actor.userId, action: "member.added", targetType: "membership", targetId: m.id, metadata: { email: user.email, role: m.role } },
      tx,
    );
    return { id: m.id, userId: user.id, email: user.email, name: user.name, role: m.role, createdAt: m.createdAt };
  });
}
