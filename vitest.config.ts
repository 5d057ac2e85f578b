import { defineConfig, configDefaults } from "vitest/config";
import path from "node:path";

// MAILROOM_TEST_DB=embedded runs the embedded-database suite against a server on PGlite;
// MAILROOM_TEST_DEV=1 the `npm run dev` suites (tests/dev, `npm run test:dev`); otherwise everything
// else runs against PostgreSQL.
const embedded = process.env.MAILROOM_TEST_DB === "embedded";
const dev = process.env.MAILROOM_TEST_DEV === "1";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/test-env.ts"],
    include: embedded
      ? ["tests/embedded/**/*.test.ts"]
      : dev
        ? ["tests/dev/**/*.test.ts"]
        : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/e2e/**/*.test.ts"],
    exclude: [...configDefaults.exclude],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
