// Invites a person by email: they receive a one-use link (through the system transport) and
// choose their own password, so nobody else ever knows it. An address that already has an
// account is refused, as when adding a member with a password.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { assertSystemMail } from "@/lib/system-mail/send-system-mail";
import { createAndMailLink } from "@/lib/account-links/account-link";
import { invitationEmail } from "@/lib/account-links/link-emails";
import type { InviteMemberInput } from "@/lib/account-links/schemas";

export async function inviteMember({ orgId, actor, input }: { orgId: string; actor: { userId: string; role: Role }; input: InviteMemberInput }) {
  if (!canAssignRole(actor.role, input.role)) throw new AppError("PERMISSION_DENIED", `Your role cannot grant the ${input.role} role`);
  assertSystemMail("Inviting by email");
  if (await db().user.findUnique({ where: { email: input.email }, select: { id: true } })) {
    throw new AppError("CONFLICT", "This email address already has a Mailroom account and cannot be invited");
  }
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } });
  return createAndMailLink(
    { kind: "invitation", orgId, email: input.email, name: input.name, role: input.role, createdBy: actor.userId },
    (url, expiresAt) => invitationEmail({ orgName: org.name, url, expiresAt }),
    (tx) => recordAudit({ orgId, actorType: "user", actorId: actor.userId, action: "member.invited", targetType: "invitation", metadata: { email: input.email, role: input.role } }, tx),
  );
}
