// Generates the Prisma client with no network: `prisma generate` never uses the schema
// engine, but the CLI insists on finding one, so point it at any existing file.
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";

const schema = "prisma/schema.prisma";
const output = "lib/generated/prisma/client.ts";
const mtime = (f) => {
  try {
    return statSync(f).mtimeMs;
  } catch {
    return 0;
  }
};
if (mtime(output) > mtime(schema) && !process.argv.includes("--force")) process.exit(0);

const result = spawnSync("npx", ["--no-install", "prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
