// Two-factor for a user: enroll (secret shown once, sealed at rest), enable with a first
// code, verify to get a fresh second factor (10 minutes), disable with a code. A code is
// accepted once (its time step is recorded), and failed codes are throttled per user.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { clearRecentWindows, countRecentAttempt, recentRetryAfter } from "@/lib/rate-limit/fixed-window";
import { tooManyRequests } from "@/lib/errors/too-many-requests";
import { matchingStep, newSecret, otpauthUrl } from "@/lib/two-factor/totp";

export const FRESH_MS = 10 * 60_000;
const FAILURES = 10;
const WINDOW = 300;

const failKey = (userId: string) => `totp-fail:${userId}`;

export async function twoFactorStatus(userId: string) {
  const u = await db().user.findUniqueOrThrow({ where: { id: userId } });
  const fresh = u.totpEnabledAt && u.totpVerifiedAt ? new Date(u.totpVerifiedAt.getTime() + FRESH_MS) : null;
  return {
    enabled: Boolean(u.totpEnabledAt),
    verifiedAt: u.totpVerifiedAt,
    freshUntil: fresh && fresh.getTime() > Date.now() ? fresh : null,
  };
}

export async function startEnrollment(userId: string) {
  const u = await db().user.findUniqueOrThrow({ where: { id: userId } });
  if (u.totpEnabledAt) throw new AppError("CONFLICT", "Two-factor is already on; turn it off first to enroll a new device");
  const secret = newSecret();
  await db().user.update({ where: { id: userId }, data: { totpSecretSealed: encryptSecret(secret), totpLastStep: null } });
  return { secret, otpauthUrl: otpauthUrl(secret, u.email) };
}

/** Checks a code against the user's secret: once per time step, throttled on failure. */
async function acceptCode(userId: string, code: string, { mustBeEnabled }: { mustBeEnabled: boolean }) {
  // Counted before the code is checked, in one atomic step: a concurrent burst of guesses gets
  // no more than FAILURES of them checked. A right code clears the count.
  if ((await countRecentAttempt(failKey(userId), WINDOW)) > FAILURES) {
    throw tooManyRequests(
      "RATE_LIMITED",
      "Too many wrong codes; wait a few minutes and try again",
      await recentRetryAfter(failKey(userId), WINDOW, FAILURES),
    );
  }
  const u = await db().user.findUniqueOrThrow({ where: { id: userId } });
  if (!u.totpSecretSealed) throw new AppError("VALIDATION_ERROR", "Start two-factor set-up first");
  if (mustBeEnabled && !u.totpEnabledAt) throw new AppError("VALIDATION_ERROR", "Two-factor is not turned on");
  const step = matchingStep(decryptSecret(u.totpSecretSealed), code);
  // The step must be newer than the last one used: a code (even an intercepted one) works
  // once. The conditional update makes that check and its record one atomic step.
  const fresh =
    step !== null &&
    (
      await db().user.updateMany({
        where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
        data: { totpLastStep: BigInt(step) },
      })
    ).count === 1;
  if (!fresh) {
    throw new AppError("VALIDATION_ERROR", "That code is not valid (or was already used)", [{ path: "body.code", message: "invalid" }]);
  }
  await clearRecentWindows(failKey(userId), WINDOW);
}

export async function enableTwoFactor(userId: string, code: string) {
  await acceptCode(userId, code, { mustBeEnabled: false });
  const now = new Date();
  await db().user.update({ where: { id: userId }, data: { totpEnabledAt: now, totpVerifiedAt: now } });
  return twoFactorStatus(userId);
}

export async function verifyTwoFactor(userId: string, code: string) {
  await acceptCode(userId, code, { mustBeEnabled: true });
  await db().user.update({ where: { id: userId }, data: { totpVerifiedAt: new Date() } });
  return twoFactorStatus(userId);
}

export async function disableTwoFactor(userId: string, code: string) {
  await acceptCode(userId, code, { mustBeEnabled: true });
  await db().user.update({
    where: { id: userId },
    data: { totpSecretSealed: null, totpEnabledAt: null, totpVerifiedAt: null, totpLastStep: null },
  });
  return twoFactorStatus(userId);
}

/** True when the user verified a second factor within the last ten minutes. */
export async function hasFreshSecondFactor(userId: string): Promise<boolean> {
  return (await twoFactorStatus(userId)).freshUntil !== null;
}
