// Accepting an invitation. For an address without an account, the invitee chose a password on
// the invitation page: their account and membership are made. For an address that has an
// account whose holder chose its password, they prove it (signed in already, or that password
// on the page) and the membership is added: the invitation leaves the password as it is.
// An account whose password someone else set (an admin adding it, password_chosen_at null) is
// different: whoever set that password could sign in as it and accept, and so become owner or
// admin of the inviting organization. Its holder chooses a new password on the page instead,
// proving the mailbox the link was mailed to; it replaces the old one and ends every session.
// Either way the role is the invitation's and the link is used up in the same transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { recordAudit } from "@/lib/audit/record-audit";
import { useLink } from "@/lib/account-links/account-link";
import { admitSignInAttempt, signInSucceeded } from "@/lib/users/sign-in-throttle";

type Invitation = { id: string; orgId: string; email: string; role: string | null };

async function join(tx: Prisma.TransactionClient, link: Invitation, user: { id: string; email: string }, newAccount: boolean) {
  const existing = await tx.membership.findUnique({ where: { orgId_userId: { orgId: link.orgId, userId: user.id } } });
  if (existing) return; // added meanwhile: the link is used up, nothing else changes
  const m = await tx.membership.create({ data: { orgId: link.orgId, userId: user.id, role: link.role ?? "member" } });
  await recordAudit(
    {
      orgId: link.orgId,
      actorType: "user",
      actorId: user.id,
      action: "member.invitation_accepted",
      targetType: "membership",
      targetId: m.id,
      metadata: { email: user.email, role: m.role, newAccount },
    },
    tx,
  );
}

/** The account the invitation's address has, if any. */
export function accountOf(link: Invitation) {
  return db().user.findUnique({
    where: { email: link.email },
    select: { id: true, email: true, passwordHash: true, passwordChosenAt: true },
  });
}

/** An account whose password someone else set: its holder's new password replaces it. False when the link was used meanwhile or the password was chosen another way. */
export async function acceptWithChosenPassword(link: Invitation, user: { id: string; email: string }, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db()
    .$transaction(async (tx) => {
      if (!(await useLink(tx, link.id))) return false;
      const { count } = await tx.user.updateMany({
        where: { id: user.id, passwordChosenAt: null },
        data: { passwordHash, passwordChosenAt: new Date(), mustChangePassword: false, sessionVersion: { increment: 1 } },
      });
      if (count === 0) throw new ChosenMeanwhile();
      await recordAudit(
        {
          orgId: link.orgId,
          actorType: "user",
          actorId: user.id,
          action: "user.password_changed",
          targetType: "user",
          targetId: user.id,
          metadata: { through: "invitation" },
        },
        tx,
      );
      await join(tx, link, user, false);
      return true;
    })
    .catch((err) => {
      if (err instanceof ChosenMeanwhile) return false;
      throw err;
    });
}

class ChosenMeanwhile extends Error {}

/** A new account with the password its holder chose. False when the link was used meanwhile or the address got an account another way. */
export async function acceptWithNewAccount(link: Invitation, { name, password }: { name: string; password: string }): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  try {
    return await db().$transaction(async (tx) => {
      if (!(await useLink(tx, link.id))) return false;
      if (await tx.user.findUnique({ where: { email: link.email }, select: { id: true } })) return false;
      const user = await tx.user.create({ data: { email: link.email, name, passwordHash, passwordChosenAt: new Date() } });
      await join(tx, link, user, true);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Adds the existing account's membership; false when the link was used meanwhile. */
export async function acceptWithAccount(link: Invitation, user: { id: string; email: string }): Promise<boolean> {
  return db().$transaction(async (tx) => {
    if (!(await useLink(tx, link.id))) return false;
    await join(tx, link, user, false);
    return true;
  });
}

/** The holder's own password, counted as a sign-in attempt (the sign-in throttle's limits apply);
 * throttled: the seconds to wait. */
export async function checkAccountPassword(
  user: { email: string; passwordHash: string },
  password: string,
  ip: string,
): Promise<"ok" | "wrong" | { retryAfter: number }> {
  const admission = await admitSignInAttempt(user.email, ip);
  if (!admission.admitted) return { retryAfter: admission.retryAfter };
  if (!(await verifyPassword(password, user.passwordHash))) return "wrong";
  await signInSucceeded(user.email, ip);
  return "ok";
}
