// The shapes of what the authorization server hands out. Each is random, kept only as its
// SHA-256 hash, and recognisable by its prefix (so a bearer token is routed to the right
// look-up without touching the database for junk).
import { randomToken } from "@/lib/crypto/tokens";

const FORMATS = {
  clientId: { prefix: "mrc_", bytes: 16 },
  clientSecret: { prefix: "mrcs_", bytes: 32 },
  code: { prefix: "mrac_", bytes: 32 },
  access: { prefix: "mrat_", bytes: 32 },
  refresh: { prefix: "mrrt_", bytes: 32 },
} as const;

export type TokenKind = keyof typeof FORMATS;

const base64urlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);

export function newToken(kind: TokenKind): string {
  const { prefix, bytes } = FORMATS[kind];
  return prefix + randomToken(bytes);
}

export function looksLike(kind: TokenKind, value: string): boolean {
  const { prefix, bytes } = FORMATS[kind];
  return (
    value.length === prefix.length + base64urlLength(bytes) &&
    value.startsWith(prefix) &&
    /^[A-Za-z0-9_-]+$/.test(value.slice(prefix.length))
  );
}

/** Lifetimes in seconds: access tokens an hour, refresh tokens 30 days (rotated on each use), codes 5 minutes. */
export const ACCESS_TOKEN_LIFETIME = 3600;
export const REFRESH_TOKEN_LIFETIME = 30 * 24 * 3600;
export const CODE_LIFETIME = 300;
