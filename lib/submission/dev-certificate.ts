// Development's TLS pair for the submission listener: made once, kept in the data folder (beside
// the embedded database and the local secrets), so a mail client told to trust it keeps trusting it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { selfSignedPair } from "@/lib/smtp/self-signed";
import type { TlsPair } from "@/lib/smtp/tls-files";

export function devCertificate({ dataDir, hostname }: { dataDir: string; hostname: string }): TlsPair & { certPath: string } {
  const dir = path.join(dataDir, "smtp-submission");
  const keyPath = path.join(dir, "key.pem");
  const certPath = path.join(dir, "cert.pem");
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    const names = [...new Set([hostname, "localhost", "127.0.0.1"])];
    const pair = selfSignedPair({ names, days: 3650 });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(keyPath, pair.key, { mode: 0o600 });
    writeFileSync(certPath, pair.cert);
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath };
}
