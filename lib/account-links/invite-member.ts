// Invites a person by email: they receive a one-use link (through the system transport). The
// answer is the same whether or not the address has an account on the instance, so inviting
// tells no organization who uses it: the link's page asks a new person to choose their own
// password, and an existing account's holder to sign in with theirs (accept-invitation.ts).
// Only an address that is already a member of this organization (which its admins see anyway)
// is refused. Another organization's pending invitation to the address changes nothing here.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { canAssignRole, type Role } from "@/lib/auth/permissions";
import { assertSystemMail } from "@/lib/system-mail/send-system-mail";
import { createAndMailLink } from "@/lib/account-links/account-link";
import { invitationEmail } from "@/lib/account-links/link-emails";
import type { InviteMemberInput } from "@/lib/account-links/schemas";

export async function inviteMember({
  orgId,
  actor,
  input,
}: {
  orgId: string;
  actor: { userId: string; role: Role };
  input: InviteMemberInput;
}) {
  if (!canAssignRole(actor.role, input.role)) throw new AppError("PERMISSION_DENIED", `Your role cannot grant the ${input.role} role`);
  assertSystemMail("Inviting by email");
  if (await db().membership.findFirst({ where: { orgId, user: { email: input.email } }, select: { id: true } })) {
    throw new AppError("CONFLICT", `${input.email} is already a member of this organization`);
  }
  // A new invitation replaces the pending one to the address: an admin must not be able to
  // replace (and so cancel) an owner's invitation that they could neither make nor revoke.
  const pending = await db().accountLink.findFirst({
    where: { kind: "invitation", orgId, email: input.email, usedAt: null, expiresAt: { gt: new Date() } },
    select: { role: true },
  });
  if (pending?.role && !canAssignRole(actor.role, pending.role as Role)) {
    throw new AppError(
      "PERMISSION_DENIED",
      `An invitation with the ${pending.role} role is pending for ${input.email}; your role cannot replace it`,
    );
  }
  const org = await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } });
  return createAndMailLink(
    { kind: "invitation", orgId, email: input.email, name: input.name, role: input.role, createdBy: actor.userId },
    (url, expiresAt) => invitationEmail({ orgName: org.name, url, expiresAt }),
    (tx) =>
      recordAudit(
        {
          orgId,
          actorType: "user",
          actorId: actor.userId,
          action: "member.invited",
          targetType: "invitation",
          metadata: { email: input.email, role: input.role },
        },
        tx,
      ),
  );
}
