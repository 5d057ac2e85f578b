// The embedded database's first start. Creating its cluster (PostgreSQL's initdb) runs in
// PGlite's WebAssembly memory, which grows to several hundred MiB for it and never gives any
// back: a server that created its own cluster idled at about 500 MiB, one that opened an
// existing cluster at about 350 (bench/README.md). So a data folder without a cluster has it
// created by a short-lived child process, and the server opens it afterwards.
import "server-only";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { embeddedDir, EMBEDDED_START_PARAMS } from "@/lib/db/client";
import { lockDataDir } from "@/lib/db/data-dir-lock";
import { log } from "@/lib/log";

// Run with the server's working directory, its app folder (`npm start`, `next dev`, and the
// standalone server.js, which moves there), where Node finds @electric-sql/pglite as the
// server itself does: the package is external to the build (next.config.mjs). It ends itself
// when the server goes (its IPC channel closes) while it loads PGlite; once initdb runs it cannot
// stop, but it writes only into its own staging folder, which the next start removes.
const CREATE = `process.on("disconnect", () => process.exit(1));
if (!process.connected) process.exit(1);
try {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(process.argv[1], { startParams: [...PGlite.defaultStartParams, ...JSON.parse(process.argv[2])] });
  await db.query("SELECT 1");
  await db.close();
  process.exit(0); // the open IPC channel would keep it running
} catch (err) {
  console.error(err);
  process.exit(1);
}`;

/** Long enough for initdb on a slow disk (it takes seconds); a child that hangs fails the start. */
const CREATE_TIMEOUT_MS = 5 * 60_000;
const PARTIAL = /^pglite\.new-\d+$/;

/**
 * Creates the embedded database's cluster in `dataDir` in a child process unless it has one;
 * answers whether it did. It is made in a staging folder of its own and moved into place whole,
 * so a start cut short leaves no half-made cluster where the next start would take it for a
 * whole one. Holds the folder's lock from here on (openEmbedded takes it again, as the same
 * process), so no other server opens the folder while the cluster is made.
 */
export async function createEmbeddedCluster(dataDir: string): Promise<boolean> {
  const dir = embeddedDir(dataDir);
  if (existsSync(path.join(dir, "PG_VERSION"))) return false;
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    // What an earlier start cut short left behind is ours to remove, now that we hold the lock.
    for (const name of readdirSync(dataDir)) if (PARTIAL.test(name)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
    // Files but no cluster (an earlier version made clusters in place, and a start cut short
    // left this): kept aside, never written over, and a new cluster made.
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      const aside = `${dir}.incomplete-${Date.now()}`;
      renameSync(dir, aside);
      log.warn("the embedded database folder held no complete cluster: moved aside, a new one is made", { aside });
    }
    const staging = path.join(dataDir, `pglite.new-${process.pid}`);
    await makeClusterInChild(staging, dir).catch((err: unknown) => {
      rmSync(staging, { recursive: true, force: true });
      throw err;
    });
    renameSync(staging, dir); // over an empty folder, if there is one
    return true;
  } catch (err) {
    release();
    throw err;
  }
}

/** Runs the child that makes a cluster in `dir`; failures name `shownAs`, the folder the cluster is for. */
export async function makeClusterInChild(dir: string, shownAs: string): Promise<void> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CREATE, "--", dir, JSON.stringify(EMBEDDED_START_PARAMS)], {
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    // Nothing of the server's: not its secrets, nor NODE_OPTIONS (an inspector port, a preload).
    env: { PATH: process.env.PATH ?? "", NODE_ENV: process.env.NODE_ENV },
  });
  const stop = () => child.kill("SIGKILL");
  process.once("exit", stop);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, CREATE_TIMEOUT_MS);
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => void (stderr = (stderr + chunk).slice(-4000)));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (c, s) => resolve([c, s]));
  }).finally(() => {
    clearTimeout(timer);
    process.off("exit", stop);
  });
  if (code !== 0) {
    const how = timedOut
      ? `did not finish within ${CREATE_TIMEOUT_MS / 60_000} minutes`
      : signal
        ? `was stopped by ${signal}${signal === "SIGKILL" ? " (out of memory?)" : ""}`
        : `failed (exit code ${code})`;
    throw new Error(`Creating the embedded database in ${shownAs} ${how}${stderr.trim() ? `:\n${stderr.trim()}` : ""}`);
  }
}
