// The embedded database's first start. Creating its cluster (PostgreSQL's initdb) runs in
// PGlite's WebAssembly memory, which grows to several hundred MiB for it and never gives any
// back: a server that created its own cluster idled at about 500 MiB, one that opened an
// existing cluster at about 350 (bench/README.md). So a data folder without a cluster has it
// created by a short-lived child process, and the server opens it afterwards.
import "server-only";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { embeddedDir, EMBEDDED_START_PARAMS } from "@/lib/db/client";
import { lockDataDir } from "@/lib/db/data-dir-lock";

// Run with the server's working directory, its app folder (`npm start`, `next dev`, and the
// standalone server.js, which moves there), where Node finds @electric-sql/pglite as the
// server itself does: the package is external to the build (next.config.mjs).
const CREATE = `import { PGlite } from "@electric-sql/pglite";
try {
  const db = new PGlite(process.argv[1], { startParams: [...PGlite.defaultStartParams, ...JSON.parse(process.argv[2])] });
  await db.query("SELECT 1");
  await db.close();
} catch (err) {
  console.error(err);
  process.exit(1);
}`;

/**
 * Creates the embedded database's cluster in `dataDir` in a child process unless it has one;
 * answers whether it did. Holds the folder's lock from here on (openEmbedded takes it again,
 * as the same process), so no other process opens the folder while the cluster is made.
 */
export async function createEmbeddedCluster(dataDir: string): Promise<boolean> {
  const dir = embeddedDir(dataDir);
  if (existsSync(path.join(dir, "PG_VERSION"))) return false;
  mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dataDir);
  const child = spawn(process.execPath, ["--input-type=module", "-e", CREATE, dir, JSON.stringify(EMBEDDED_START_PARAMS)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  }).catch((err: Error) => {
    release();
    throw err;
  });
  if (code !== 0) {
    release();
    throw new Error(`Creating the embedded database in ${dir} failed (exit code ${code}):\n${stderr.trim()}`);
  }
  return true;
}
