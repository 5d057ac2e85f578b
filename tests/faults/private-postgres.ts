// A PostgreSQL cluster of the test's own, on a free port in a temporary folder, so a test can
// stop and restart it without touching the machine's shared cluster. Debian's initdb and pg_ctl
// refuse to run as root: as root they run as the `postgres` OS user (runuser), which owns the
// folder. fsync is off: these clusters are thrown away, and a fast restart is what is tested.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../helpers/server";

export interface PrivatePostgres {
  port: number;
  /** The cluster's `postgres` database, for CREATE DATABASE and checks. */
  adminUrl: string;
  /** A new empty database on the cluster. */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: open connections are cut, then the server is gone. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is cut, the cluster comes back at once. */
  restart(): Promise<void>;
  /** Stops the cluster and removes its folder. */
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl"))) : [];
  if (versions.length === 0) throw new Error("No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs a server binary (as the postgres user when we are root), without blocking this process's event loop. */
async function run(bin: string, args: string[]): Promise<void> {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  await promisify(execFile)(cmd, argv, { timeout: 60_000 });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), "mailroom-faults-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, "data");
  const port = await freePort();
  await run(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "log"), "-w", "-t", "60", ...args]);
  const start = () => pgCtl("-o", options, "start");
  await start();
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    adminUrl,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`CREATE DATABASE "${name}"`);
      await c.end();
      return `postgresql://postgres@127.0.0.1:${port}/${name}`;
    },
    stop: () => pgCtl("-m", "fast", "stop"),
    start,
    restart: () => pgCtl("-m", "fast", "-o", options, "restart"),
    async destroy() {
      await pgCtl("-m", "immediate", "stop").catch(() => undefined); // not running
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
