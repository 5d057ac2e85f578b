// The two process-wide secrets, resolved once.
import "server-only";
import { dataDirInUse, env } from "@/lib/env";
import { resolveSecret } from "@/lib/config/local-secrets";

let authSecret: string | undefined;
let encryptionKey: Buffer | undefined;

export function getAuthSecret(): string {
  const e = env();
  authSecret ??= resolveSecret({
    name: "AUTH_SECRET",
    value: e.AUTH_SECRET,
    production: e.NODE_ENV === "production",
    dataDir: dataDirInUse(),
  });
  return authSecret;
}

export function getEncryptionKey(): Buffer {
  if (encryptionKey) return encryptionKey;
  const e = env();
  const value = resolveSecret({
    name: "ENCRYPTION_KEY",
    value: e.ENCRYPTION_KEY,
    production: e.NODE_ENV === "production",
    dataDir: dataDirInUse(),
  });
  const key = Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32).");
  encryptionKey = key;
  return key;
}
