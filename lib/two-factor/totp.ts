// TOTP (RFC 6238) through the otpauth library: 6 digits, 30-second steps, SHA-1 (what every
// authenticator app supports), one step of clock drift either way.
import { Secret, TOTP } from "otpauth";

const PERIOD = 30;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = "Mailroom") {
  return new TOTP({ issuer: "Mailroom", label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD, algorithm: "SHA1" });
}

export function otpauthUrl(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step the code belongs to, or null when it is wrong. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** For tests and tools: the current code. */
export function currentCode(secret: string, now = Date.now()): string {
  return totp(secret).generate({ timestamp: now });
}
