// `npm run test:faults` set-up: the production build must exist; every test starts the app
// servers (and, for the database restart, the PostgreSQL cluster) it breaks, so nothing is
// shared here but the servers' settings and the bootstrap owner.
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";

export default function setup(project: TestProject) {
  if (!existsSync(`${process.env.NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) throw new Error("No production build: run `npm run build` first.");
  const ownerEmail = "owner@example.test";
  const ownerPassword = "correct horse battery";
  project.provide("mode", "postgres");
  project.provide("baseUrl", "");
  project.provide("baseUrl2", "");
  project.provide("databaseUrl", "");
  project.provide("dataDir", "");
  project.provide("ownerEmail", ownerEmail);
  project.provide("ownerPassword", ownerPassword);
  project.provide("serverEnv", {
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    BOOTSTRAP_ADMIN_EMAIL: ownerEmail,
    BOOTSTRAP_ADMIN_PASSWORD: ownerPassword,
    JOB_POLL_MS: "100",
    ALLOW_PRIVATE_WEBHOOK_URLS: "1",
    ALLOW_PRIVATE_PROVIDER_HOSTS: "1", // the fake providers and SMTP servers are on 127.0.0.1
    DEFAULT_FROM: "mail@mailroom.test", // the operator lends organizations a from address for sends that give none
  });
}
