// Server start-up (called once from instrumentation.ts): check configuration, create a new
// embedded database's cluster (create-embedded.ts), apply migrations, create the first owner,
// start the inbound SMTP listener when INBOUND_SMTP_PORT is set and the SMTP submission listener
// when configured (always in development), and the embedded runner (jobs, webhook deliveries)
// unless Inngest runs durable work; then the instance is ready. SIGTERM stops them gracefully
// (graceful-shutdown.ts). With several server processes only the host process does the
// once-per-host parts (process-role.ts).
import { dataDirInUse, env, type Env } from "@/lib/env";
import { getAuthSecret, getEncryptionKey } from "@/lib/config/secrets";
import { dbHandle } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createEmbeddedCluster } from "@/lib/db/create-embedded";
import { ensureBootstrapOwner } from "@/lib/boot/bootstrap-owner";
import { embeddedRunner } from "@/lib/jobs/embedded-runner";
import { setWake } from "@/lib/jobs/announce";
import { log } from "@/lib/log";
import { ensureAuthUrl } from "@/lib/auth/options";
import { startSmtpFromEnv } from "@/lib/inbound/smtp/start-from-env";
import { startSubmissionFromEnv } from "@/lib/submission/start-from-env";
import { installShutdown, onShutdown } from "@/lib/boot/graceful-shutdown";
import { markBooting, markReady, phase } from "@/lib/boot/lifecycle";
import { assertPlatform } from "@/lib/boot/platform";
import { announceStarted, isHostProcess, receiveWakes, wakeHost } from "@/lib/boot/process-role";

const holder = globalThis as unknown as { __mailroomBoot?: Promise<void> };

export function boot(): Promise<void> {
  markBooting();
  holder.__mailroomBoot ??= start();
  return holder.__mailroomBoot;
}

async function start() {
  const e = env();
  assertPlatform(e);
  getAuthSecret();
  getEncryptionKey();
  ensureAuthUrl();
  installShutdown(e.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  announcePrivateSwitches(e);
  // A new embedded database's cluster is made in a child process: made here, its memory would stay.
  if (!e.DATABASE_URL) await createEmbeddedCluster(dataDirInUse());
  const handle = dbHandle();
  if (handle.kind === "embedded")
    console.log(`Mailroom: embedded database in ${dataDirInUse()} (set DATABASE_URL to use PostgreSQL instead).`);
  // With several server processes (scripts/serve.mjs) the once-per-host work is the host process's.
  const host = isHostProcess();
  if (host) {
    const applied = await applyMigrations(handle);
    if (applied.length) log.info("migrations applied", { applied, database: handle.kind });
    await ensureBootstrapOwner();
  }
  // A SIGTERM during start-up: nothing more is started (onShutdown would stop it at once anyway).
  if (phase() === "stopping") return;
  if (host) await startHostWork(e);
  else if (!e.inngestEnabled) setWake(wakeHost);
  markReady();
  if (host) announceStarted();
}

/** The SMTP listeners when configured, and the embedded runner unless Inngest runs durable work. */
async function startHostWork(e: Env) {
  const smtp = await startSmtpFromEnv();
  if (smtp) onShutdown("inbound SMTP listener", () => smtp.close());
  const submission = await startSubmissionFromEnv();
  if (submission) onShutdown("SMTP submission listener", () => submission.close());
  if (!e.inngestEnabled) {
    const runner = embeddedRunner({ pollMs: e.JOB_POLL_MS });
    await runner.start();
    setWake(runner.wake);
    receiveWakes(runner.wake);
    onShutdown("embedded runner", () => runner.stop());
  }
}

/** Says so on the console when a switch lets tenants aim connections at local or private addresses. */
function announcePrivateSwitch(name: string, on: boolean, byDefault: boolean, what: string, example: string) {
  if (!on) return;
  console.log(
    byDefault
      ? `Mailroom (development): ${what} may use http and local or private addresses (say ${example}). Set ${name}=false to refuse them as production does.`
      : `Mailroom: ${name} is on: ${what} may use http and local or private addresses.`,
  );
}

function announcePrivateSwitches(e: Env) {
  announcePrivateSwitch(
    "ALLOW_PRIVATE_WEBHOOK_URLS",
    e.ALLOW_PRIVATE_WEBHOOK_URLS,
    e.privateWebhookUrlsByDefault,
    "webhook endpoints",
    "http://127.0.0.1:4555/hook",
  );
  announcePrivateSwitch(
    "ALLOW_PRIVATE_ATTACHMENT_URLS",
    e.ALLOW_PRIVATE_ATTACHMENT_URLS,
    e.privateAttachmentUrlsByDefault,
    "attachment URLs",
    "http://127.0.0.1:8000/invoice.pdf",
  );
}
