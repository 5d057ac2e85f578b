// npm run inbound — the inbound SMTP listener as its own process, beside `npm start` on the
// same PostgreSQL (INBOUND_SMTP_PORT, default 2525). The app's job runner processes what it
// records. With the embedded database, start the app with INBOUND_SMTP_PORT instead: the
// embedded database belongs to one process.
import { env } from "@/lib/env";
import { applyMigrations } from "@/lib/db/migrate";
import { closeDb, dbHandle } from "@/lib/db/client";
import { startSmtpFromEnv } from "@/lib/inbound/smtp/start-from-env";

const handle = dbHandle();
if (handle.kind !== "postgres") {
  console.error(
    "npm run inbound needs DATABASE_URL (PostgreSQL). With the embedded database, run the app with INBOUND_SMTP_PORT set instead.",
  );
  process.exit(1);
}
await applyMigrations(handle);
const listener = await startSmtpFromEnv(env().INBOUND_SMTP_PORT ?? 2525);
const stop = async () => {
  await listener?.close();
  await closeDb();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
