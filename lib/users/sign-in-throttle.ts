// Password guessing is slowed by counting failed sign-ins, per address (10 per 5 minutes)
// and per client address (100 per 5 minutes), in the store every instance shares. Only
// failures count, and a success clears the address's count, so a person who signs in often
// is never locked out by their own sign-ins.
import { clearRecentWindows, hitFixedWindow, peekRecentWindows } from "@/lib/rate-limit/fixed-window";

export const FAILURES_PER_EMAIL = 10;
export const FAILURES_PER_IP = 100;
export const WINDOW_SECONDS = 300;

const emailKey = (email: string) => `signin-fail:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `signin-fail-ip:${ip}`;

export async function signInBlocked(email: string, ip: string): Promise<boolean> {
  const [byEmail, byIp] = await Promise.all([peekRecentWindows(emailKey(email), WINDOW_SECONDS), peekRecentWindows(ipKey(ip), WINDOW_SECONDS)]);
  return byEmail >= FAILURES_PER_EMAIL || byIp >= FAILURES_PER_IP;
}

export async function recordSignInFailure(email: string, ip: string): Promise<void> {
  await Promise.all([hitFixedWindow(emailKey(email), FAILURES_PER_EMAIL, WINDOW_SECONDS), hitFixedWindow(ipKey(ip), FAILURES_PER_IP, WINDOW_SECONDS)]);
}

export async function clearSignInFailures(email: string): Promise<void> {
  await clearRecentWindows(emailKey(email), WINDOW_SECONDS);
}
