// Keys derived from AUTH_SECRET, one per purpose (HKDF-SHA256): a value keyed for one purpose
// (a tracking token, an erased address) never stands for another.
import "server-only";
import { hkdfSync } from "node:crypto";
import { getAuthSecret } from "@/lib/config/secrets";

const keys = new Map<string, Buffer>();

/** The 32-byte key of this purpose ("tracking tokens v1"), derived once per process. */
export function derivedKey(purpose: string): Buffer {
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", getAuthSecret(), "mailroom", purpose, 32));
    keys.set(purpose, key);
  }
  return key;
}
