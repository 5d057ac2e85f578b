// Password guessing is slowed by counting sign-in attempts in the store every instance shares,
// before the password is checked (countRecentAttempt: a concurrent burst gets no more guesses
// than the limit). Three counts, each in the last 5 minutes:
//   - an account from one address: 10. The lockout an attacker causes is theirs alone: a
//     person signing in from elsewhere is not locked out by someone else's guesses.
//   - an address over all accounts: 100, against one address trying many accounts.
//   - an account over all addresses: 50, against many addresses spraying one account. Only
//     attempts the first two let through count here, so one address adds at most 10.
// A browser that signed in to the account before (remembered-device.ts) is counted by its device
// instead of the first and third: 10 per device. So guesses spread over many addresses lock the
// account for new browsers only, never for its holder on one they used before.
// A success takes its attempt back from the address and clears the account's counts, so a
// person who signs in often is never locked out by their own sign-ins. The address is
// clientAddress(): the socket's, unless TRUST_PROXY names the proxies in front.
import { clearRecentWindows, countRecentAttempt, recentRetryAfter, refundRecentAttempt } from "@/lib/rate-limit/fixed-window";

export const FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
export const FAILURES_PER_ADDRESS = 100;
export const FAILURES_PER_ACCOUNT = 50;
export const WINDOW_SECONDS = 300;

const account = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `signin-fail:${account(email)}:${ip}`;
const addressKey = (ip: string) => `signin-fail-ip:${ip}`;
const accountKey = (email: string) => `signin-fail:${account(email)}`;
const deviceKey = (email: string, device: string) => `signin-fail-device:${account(email)}:${device}`;

export type SignInAdmission = { admitted: true } | { admitted: false; retryAfter: number };

/** Counts this attempt; not admitted when it is past a limit (the password must then not be
 * checked), with the seconds until the count that refused it admits one again.
 * `device`: the remembered device the browser proved for this account, if any. */
export async function admitSignInAttempt(email: string, ip: string, device: string | null = null): Promise<SignInAdmission> {
  // In order, each counted only once the one before let it through.
  const own = device ? deviceKey(email, device) : pairKey(email, ip);
  const limits: [string, number][] = [
    [own, FAILURES_PER_ACCOUNT_AND_ADDRESS],
    [addressKey(ip), FAILURES_PER_ADDRESS],
  ];
  if (device === null) limits.push([accountKey(email), FAILURES_PER_ACCOUNT]);
  for (const [key, limit] of limits) {
    if ((await countRecentAttempt(key, WINDOW_SECONDS)) > limit)
      return { admitted: false, retryAfter: await recentRetryAfter(key, WINDOW_SECONDS, limit) };
  }
  return { admitted: true };
}

/** A success: only failures are meant to count. */
export async function signInSucceeded(email: string, ip: string, device: string | null = null): Promise<void> {
  await Promise.all([
    clearRecentWindows(pairKey(email, ip), WINDOW_SECONDS),
    clearRecentWindows(accountKey(email), WINDOW_SECONDS),
    refundRecentAttempt(addressKey(ip), WINDOW_SECONDS),
    ...(device ? [clearRecentWindows(deviceKey(email, device), WINDOW_SECONDS)] : []),
  ]);
}
