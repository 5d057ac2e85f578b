import { defineConfig, configDefaults } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";
import path from "node:path";

// Two kinds of tests, as vitest projects:
// - `unit` (tests/unit): pure logic, no build, no database, no server; a fixed test
//   environment of its own (tests/helpers/unit-env.ts). `npm run test:unit` runs it in seconds.
// - tests against real parts, one project sharing one set-up (tests/helpers/global-setup.ts: the
//   production build, a fresh database, two app servers): `integration` (tests/integration and
//   the browser flows in tests/e2e) against PostgreSQL; with MAILROOM_TEST_DB=embedded only
//   `embedded` (tests/embedded) against a server on PGlite; with MAILROOM_TEST_DEV=1 only `dev`
//   (tests/dev, `npm run dev` as a newcomer meets it).
// A project's global set-up runs only when one of its files is picked, so
// `npx vitest run tests/unit/<file>` needs neither a build nor a database.
const embedded = process.env.MAILROOM_TEST_DB === "embedded";
const dev = process.env.MAILROOM_TEST_DEV === "1";

// Unit test files share their worker's modules (isolate: false, a third of the time of a fresh
// import per file): a unit test mocks no module and puts back whatever it changes (process.env).
const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: ["tests/helpers/unit-env.ts"], isolate: false },
};

const againstServers = (name: string, include: string[]): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, globalSetup: ["tests/helpers/global-setup.ts"], setupFiles: ["tests/helpers/test-env.ts"] },
});

export default defineConfig({
  // "server-only" as tsconfig.json maps it for tsx: modules marked with it load under vitest too.
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "lib/server-only-outside-next.ts") },
  },
  test: {
    projects: embedded
      ? [againstServers("embedded", ["tests/embedded/**/*.test.ts"])]
      : dev
        ? [againstServers("dev", ["tests/dev/**/*.test.ts"])]
        : [unit, againstServers("integration", ["tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"])],
    exclude: [...configDefaults.exclude],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
