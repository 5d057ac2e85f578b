// Test run set-up: a fresh database (PostgreSQL, or the embedded one when
// MAILROOM_TEST_DB=embedded) and real app servers started from the production build.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createDatabase } from "./database";
import { startServer, type RunningServer } from "./server";
import { findSecrets } from "./log-secrets";
import { PASSWORD, SINK_PASSWORD } from "./test-secrets";

declare module "vitest" {
  export interface ProvidedContext {
    mode: "postgres" | "embedded";
    baseUrl: string;
    baseUrl2: string;
    databaseUrl: string;
    dataDir: string;
    serverEnv: Record<string, string>;
    ownerEmail: string;
    ownerPassword: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(`${process.env.NEXT_DIST_DIR ?? ".next"}/BUILD_ID`))
    throw new Error("No production build: run `npm run build` first (npm test does).");
  const mode = process.env.MAILROOM_TEST_DB === "embedded" ? "embedded" : "postgres";
  const ownerEmail = "owner@example.test";
  const ownerPassword = "correct horse battery";
  const common: Record<string, string> = {
    // The operator lends organizations a default from address (sends that give none).
    DEFAULT_FROM: "mail@mailroom.test",
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    BOOTSTRAP_ADMIN_EMAIL: ownerEmail,
    BOOTSTRAP_ADMIN_PASSWORD: ownerPassword,
    JOB_POLL_MS: "100",
    // Webhook receivers in tests listen on 127.0.0.1; the URL policy itself is tested on a
    // server of its own (webhook-url-policy.test.ts). Retries and demo events run fast.
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
    // Providers and SMTP relays in tests (sinks, fake APIs) listen on 127.0.0.1 too; the
    // outbound address policy is tested on a server of its own (provider-address-policy.test.ts).
    ALLOW_PRIVATE_PROVIDER_HOSTS: "1",
    WEBHOOK_RETRY_BASE_SECONDS: "0.05",
    DEMO_EVENTS_TIME_SCALE: "0.01",
    DEMO_EVENTS_SEED: "mailroom-tests",
    // The staff API (docs/staff-api.md) is on in tests; its token is the run's own.
    STAFF_API_TOKEN: randomBytes(24).toString("hex"),
    // The tests stand in for a reverse proxy on loopback: an X-Forwarded-For they send names the
    // client (lib/http/client-address.ts). A server without a proxy in front is tested on its own.
    TRUST_PROXY: "127.0.0.1",
  };
  const servers: RunningServer[] = [];
  let cleanup: () => Promise<void>;
  let databaseUrl = "";
  let dataDir = "";

  if (mode === "postgres") {
    const db = await createDatabase();
    databaseUrl = db.url;
    Object.assign(common, { DATABASE_URL: db.url });
    // Two instances on one database: shared rate limits and job claims are tested across them.
    servers.push(await startServer(common));
    servers.push(await startServer(common));
    cleanup = db.drop;
  } else {
    // The embedded suite starts (and restarts) its own server on this folder: only one
    // process may open an embedded database at a time.
    dataDir = mkdtempSync(path.join(tmpdir(), "mailroom-embedded-"));
    Object.assign(common, { DATA_DIR: dataDir });
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }

  project.provide("mode", mode);
  project.provide("baseUrl", servers[0]?.url ?? "");
  project.provide("baseUrl2", (servers[1] ?? servers[0])?.url ?? "");
  project.provide("databaseUrl", databaseUrl);
  project.provide("dataDir", dataDir);
  project.provide("serverEnv", common);
  project.provide("ownerEmail", ownerEmail);
  project.provide("ownerPassword", ownerPassword);

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await cleanup();
    // No secret in the logs of the whole run: every test's keys, tokens, secrets and passwords
    // passed through these servers. A leak fails the run (a teardown cannot fail a test).
    const leaks = servers.flatMap((s) =>
      findSecrets(s.output(), [common.AUTH_SECRET, common.ENCRYPTION_KEY, common.STAFF_API_TOKEN, ownerPassword, PASSWORD, SINK_PASSWORD]),
    );
    if (leaks.length) {
      console.error(`Secrets found in the app servers' logs of this run:\n${leaks.slice(0, 20).join("\n")}`);
      process.exitCode = 1;
    }
  };
}
