// A listener's TLS key and certificate, read from the PEM files the operator names.
import { readFileSync } from "node:fs";

export interface TlsPair {
  key: Buffer;
  cert: Buffer;
}

/** Both files read, or undefined when neither is set; one without the other is a mistake said by its settings' names. */
export function tlsFromFiles({
  keyPath,
  certPath,
  settings,
}: {
  keyPath: string | undefined;
  certPath: string | undefined;
  /** The two settings' names, for the error: ["INBOUND_TLS_KEY", "INBOUND_TLS_CERT"]. */
  settings: [string, string];
}): TlsPair | undefined {
  if (!keyPath && !certPath) return undefined;
  if (!keyPath || !certPath) throw new Error(`Set both ${settings[0]} and ${settings[1]} (paths to PEM files), or neither`);
  return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
}
