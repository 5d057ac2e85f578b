import { randomToken } from "@/lib/crypto/tokens";

/** `req_` + 16 random bytes: quoted by users to support, logged with every failure. */
export function newRequestId(): string {
  return `req_${randomToken(16)}`;
}
