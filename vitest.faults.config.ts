import { defineConfig, configDefaults } from "vitest/config";
import path from "node:path";

// `npm run test:faults`: the fault suite (tests/faults/README.md). Each file starts the servers
// it breaks (app servers killed with SIGKILL, a PostgreSQL cluster of its own restarted, hostile
// webhook receivers and providers), so files run one after another: two at once would compete
// for the machine's two cores and blur the timings the tests bound.
export default defineConfig({
  // "server-only" as tsconfig.json maps it for tsx: modules marked with it load under vitest too.
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "lib/server-only-outside-next.ts") },
  },
  test: {
    globalSetup: ["tests/faults/global-setup.ts"],
    setupFiles: ["tests/helpers/test-env.ts"],
    include: ["tests/faults/**/*.test.ts"],
    exclude: [...configDefaults.exclude],
    testTimeout: 5 * 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
