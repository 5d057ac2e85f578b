// Password guessing is slowed per address: at most 10 sign-in attempts per 5-minute window,
// counted in the shared store so every app instance sees the same count.
import { hitFixedWindow } from "@/lib/rate-limit/fixed-window";

export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_SECONDS = 300;

export async function allowSignInAttempt(email: string): Promise<boolean> {
  const r = await hitFixedWindow(`signin:${email.trim().toLowerCase()}`, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_SECONDS);
  return r.allowed;
}
