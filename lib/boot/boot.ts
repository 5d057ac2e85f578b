// Server start-up (called once from instrumentation.ts): check configuration, apply
// migrations, create the first owner, start the embedded job runner unless Inngest runs jobs.
import { env } from "@/lib/env";
import { getAuthSecret, getEncryptionKey } from "@/lib/config/secrets";
import { dbHandle } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { ensureBootstrapOwner } from "@/lib/boot/bootstrap-owner";
import { LocalRunner } from "@/lib/jobs/local-runner";
import { setLocalWake } from "@/lib/jobs/dispatcher";
import { log } from "@/lib/log";
import { ensureAuthUrl } from "@/lib/auth/options";

const holder = globalThis as unknown as { __mailroomBoot?: Promise<void>; __mailroomRunner?: LocalRunner };

export function boot(): Promise<void> {
  holder.__mailroomBoot ??= start();
  return holder.__mailroomBoot;
}

async function start() {
  const e = env();
  getAuthSecret();
  getEncryptionKey();
  ensureAuthUrl();
  const handle = dbHandle();
  const applied = await applyMigrations(handle);
  if (applied.length) log.info("migrations applied", { applied, database: handle.kind });
  await ensureBootstrapOwner();
  if (!e.inngestEnabled) {
    const runner = new LocalRunner({ pollMs: e.JOB_POLL_MS });
    await runner.start();
    setLocalWake(runner.wake);
    holder.__mailroomRunner = runner;
    const stop = () => void runner.stop();
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}
