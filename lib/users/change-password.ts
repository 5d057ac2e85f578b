// A signed-in person changes their own password: the current one is required (a session left
// open on a shared computer must not be enough to take the account), wrong guesses are limited
// to CHANGE_ATTEMPTS per user per WINDOW_SECONDS, and every session issued so far ends (the
// dashboard then signs in again with the new password).
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { recordAudit } from "@/lib/audit/record-audit";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { countRecentAttempt, recentRetryAfter, refundRecentAttempt } from "@/lib/rate-limit/fixed-window";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import type { ChangePasswordInput } from "@/lib/account-links/schemas";

const CHANGE_ATTEMPTS = 10;
const WINDOW_SECONDS = 300;

export async function changePassword({ orgId, userId, input }: { orgId: string; userId: string; input: ChangePasswordInput }) {
  const key = `password-change-fail:${userId}`;
  // Counted before the current password is checked, in one atomic step: a concurrent burst of
  // guesses gets no more than CHANGE_ATTEMPTS of them checked. A right one is given back.
  if ((await countRecentAttempt(key, WINDOW_SECONDS)) > CHANGE_ATTEMPTS) {
    throw tooManyRequests(
      "RATE_LIMITED",
      "Too many wrong current passwords; try again in a few minutes",
      await recentRetryAfter(key, WINDOW_SECONDS, CHANGE_ATTEMPTS),
    );
  }
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("VALIDATION_ERROR", "Invalid request: body.currentPassword: is not your current password", [
      { path: "body.currentPassword", message: "is not your current password" },
    ]);
  }
  await refundRecentAttempt(key, WINDOW_SECONDS);
  const passwordHash = await hashPassword(input.newPassword);
  await db().$transaction(async (tx) => {
    // Only if the password is still the one just checked: two changes at once cannot both pass.
    const { count } = await tx.user.updateMany({
      where: { id: userId, passwordHash: user.passwordHash },
      // Not counted as chosen by the holder (password_chosen_at): whoever set a password for
      // someone else can sign in as them and change it here. Only a link mailed to the holder's
      // own address (an invitation or a reset) counts.
      data: { passwordHash, mustChangePassword: false, sessionVersion: { increment: 1 } },
    });
    if (count === 0) throw new AppError("CONFLICT", "Your password was changed meanwhile; sign in again");
    await recordAudit(
      { orgId, actorType: "user", actorId: userId, action: "user.password_changed", targetType: "user", targetId: userId },
      tx,
    );
  });
  return { changed: true as const };
}
