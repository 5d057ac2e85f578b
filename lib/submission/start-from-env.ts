// Starts the SMTP submission listener as configured by SMTP_SUBMISSION_* (docs/smtp.md). In
// production it starts when SMTP_SUBMISSION_PORT is set, with the operator's certificate (AUTH
// needs TLS, so there is no listener without one); in development (`next dev`) on 2587 unless
// told otherwise, with a self-signed pair made once in the data folder.
import { dataDirInUse, env } from "@/lib/env";
import { log } from "@/lib/log";
import { tlsFromFiles } from "@/lib/smtp/tls-files";
import { devCertificate } from "@/lib/submission/dev-certificate";
import { startSubmissionListener, type SubmissionListener } from "@/lib/submission/listener";

export const DEV_SUBMISSION_PORT = 2587;

export async function startSubmissionFromEnv(): Promise<SubmissionListener | null> {
  const e = env();
  const development = e.NODE_ENV === "development";
  const port = e.SMTP_SUBMISSION_PORT ?? (development ? DEV_SUBMISSION_PORT : undefined);
  if (port === undefined || port === "off") return null;
  const hostname = e.SMTP_SUBMISSION_HOSTNAME ?? new URL(e.APP_URL).hostname;
  let tls = tlsFromFiles({
    keyPath: e.SMTP_SUBMISSION_TLS_KEY,
    certPath: e.SMTP_SUBMISSION_TLS_CERT,
    settings: ["SMTP_SUBMISSION_TLS_KEY", "SMTP_SUBMISSION_TLS_CERT"],
  });
  let devCertPath: string | null = null;
  if (!tls) {
    if (!development) {
      throw new Error(
        "SMTP_SUBMISSION_PORT needs SMTP_SUBMISSION_TLS_KEY and SMTP_SUBMISSION_TLS_CERT: API keys are only accepted over TLS",
      );
    }
    const dev = devCertificate({ dataDir: dataDirInUse(), hostname });
    [tls, devCertPath] = [dev, dev.certPath];
  }
  const options = {
    port,
    tlsPort: e.SMTP_SUBMISSION_TLS_PORT,
    host: e.SMTP_SUBMISSION_HOST,
    hostname,
    maxBytes: e.SMTP_SUBMISSION_MAX_BYTES,
  };
  let listener: SubmissionListener;
  try {
    listener = await startSubmissionListener({ ...options, tls });
  } catch (err) {
    // In development another checkout's server may hold the port: the app runs without it.
    if (!development) throw err;
    log.warn("SMTP submission not started (set SMTP_SUBMISSION_PORT to another port, or off)", { port, err });
    return null;
  }
  log.info("SMTP submission listening", { port: listener.port, tlsPort: listener.tlsPort, host: e.SMTP_SUBMISSION_HOST });
  if (devCertPath) {
    console.log(
      `Mailroom: SMTP submission on port ${listener.port} (STARTTLS, self-signed certificate ${devCertPath}); user "mailroom", password an API key with email:send.`,
    );
  }
  return listener;
}
