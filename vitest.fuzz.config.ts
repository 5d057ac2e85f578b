import { defineConfig, configDefaults } from "vitest/config";
import path from "node:path";

// `npm run test:fuzz`: the hostile-input and authorization fuzz suite (tests/fuzz/README.md),
// against a production build on a fresh PostgreSQL database, like the main suite. Its files
// run one after another: each compares database snapshots around requests, which another
// file's writes would disturb. FUZZ_RUNS scales the number of generated requests.
export default defineConfig({
  // "server-only" as tsconfig.json maps it for tsx: modules marked with it load under vitest too.
  resolve: {
    alias: { "@": path.resolve(import.meta.dirname), "server-only": path.resolve(import.meta.dirname, "lib/server-only-outside-next.ts") },
  },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/test-env.ts"],
    include: ["tests/fuzz/**/*.test.ts"],
    exclude: [...configDefaults.exclude],
    testTimeout: 15 * 60_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    maxWorkers: 1,
  },
});
