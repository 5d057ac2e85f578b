// Adds a person to the organization as a new user who signs in with the given password.
// An address that already has an account is refused: this would set its password, and joining
// someone else's account needs its holder's consent (an invitation: accept-invitation.ts).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { hashPassword } from "@/lib/crypto/password";
import { recordAudit } from "@/lib/audit/record-audit";
import { isUniqueViolation } from "@/lib/db/errors";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { memberView } from "@/lib/members/member-view";
import type { AddMemberInput } from "@/lib/members/schemas";

interface Options {
  orgId: string;
  actor: { userId: string; role: Role };
  input: AddMemberInput;
}

const taken = () => new AppError("CONFLICT", "This email address already has a Mailroom account and cannot be added again");

export async function addMember({ orgId, actor, input }: Options) {
  if (!canAssignRole(actor.role, input.role)) {
    throw new AppError("PERMISSION_DENIED", `Your role cannot grant the ${input.role} role`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) throw taken();
      const user = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
      const m = await tx.membership.create({ data: { orgId, userId: user.id, role: input.role } });
      await recordAudit(
        {
          orgId,
          actorType: "user",
          actorId: actor.userId,
          action: "member.added",
          targetType: "membership",
          targetId: m.id,
          metadata: { email: user.email, role: m.role },
        },
        tx,
      );
      return memberView(m, user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(); // a concurrent add of the same address
    throw err;
  }
}
