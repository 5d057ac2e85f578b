// Starts the inbound SMTP listener as configured by INBOUND_SMTP_* (DESIGN.md §5 in README).
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startSmtpListener, type SmtpListener } from "@/lib/inbound/smtp/smtp-listener";
import { tlsFromFiles } from "@/lib/smtp/tls-files";

export async function startSmtpFromEnv(port = env().INBOUND_SMTP_PORT): Promise<SmtpListener | null> {
  if (port === undefined) return null;
  const e = env();
  const listener = await startSmtpListener({
    port,
    host: e.INBOUND_SMTP_HOST,
    hostname: e.INBOUND_SMTP_HOSTNAME ?? new URL(e.APP_URL).hostname,
    maxBytes: e.INBOUND_MAX_BYTES,
    tls: tlsFromFiles({ keyPath: e.INBOUND_TLS_KEY, certPath: e.INBOUND_TLS_CERT, settings: ["INBOUND_TLS_KEY", "INBOUND_TLS_CERT"] }),
  });
  log.info("inbound SMTP listening", { port: listener.port, host: e.INBOUND_SMTP_HOST, starttls: Boolean(e.INBOUND_TLS_KEY) });
  return listener;
}
