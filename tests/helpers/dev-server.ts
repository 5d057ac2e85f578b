// `npm run dev` as a newcomer runs it: `next dev` (Turbopack, NODE_ENV=development) on a fresh
// embedded database, none of the test run's settings (no DATABASE_URL, APP_URL, secrets or
// ALLOW_PRIVATE_WEBHOOK_URLS, no DATA_DIR), on a free port. The database goes where `npm run dev`
// puts it by default (lib/config/data-dir.ts), under a fresh user data folder (XDG_DATA_HOME) that
// is removed on close. The build goes to `.next-dev-tests` (kept between runs
// as Turbopack's cache), apart from the production build the other tests run and from a
// developer's own `npm run dev` in `.next`.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";
import { defaultDataDir } from "@/lib/config/data-dir";

export interface DevServer {
  /** http://localhost:<port>, as the console prints it. */
  baseUrl: string;
  port: number;
  /** The embedded database's folder, as the default puts it. */
  dataDir: string;
  /** The user data folder it is under (XDG_DATA_HOME). */
  dataHome: string;
  /** Everything the dev server printed so far (stdout and stderr). */
  output: () => string;
  /** The owner's sign-in the console printed, when the password was generated. */
  printedOwner: () => { email: string; password: string } | null;
  /** Stops next dev; the database folder is removed unless `keepData` (to start again on it). */
  close: (opts?: { keepData?: boolean }) => Promise<void>;
}

export interface DevServerOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Start again on an earlier server's database (and port, so an open page reconnects). */
  reuse?: { dataHome: string; port: number };
}

export const DEV_DIST_DIR = ".next-dev-tests";

/** Settings a newcomer's shell does not have: the test run's own, and vitest's NODE_ENV=test. */
const NOT_INHERITED =
  /^(NODE_ENV|DATABASE_URL|DATABASE_URL_UNPOOLED|DIRECT_URL|DATA_DIR|APP_URL|NEXTAUTH_URL|AUTH_SECRET|ENCRYPTION_KEY|ALLOW_PRIVATE_.*|BOOTSTRAP_ADMIN_.*|DEFAULT_FROM|STAFF_API_TOKEN|TRUST_PROXY|PORT|NEXT_DIST_DIR|VITEST.*|TEST_.*)$/;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = exited();
    if (why) throw new Error(why);
    try {
      // Readiness answers 200 once the boot (migrations, first owner) has finished.
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`next dev did not become ready at ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function startDevServer(opts: DevServerOptions = {}): Promise<DevServer> {
  const root = process.cwd();
  const dataHome = opts.reuse?.dataHome ?? mkdtempSync(path.join(tmpdir(), "mailroom-dev-home-"));
  const dataDir = defaultDataDir({ cwd: root, platform: process.platform, home: homedir(), vars: { XDG_DATA_HOME: dataHome } });
  const port = opts.reuse?.port ?? (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !NOT_INHERITED.test(k))) as NodeJS.ProcessEnv;
  Object.assign(env, { PORT: String(port), XDG_DATA_HOME: dataHome, NEXT_DIST_DIR: DEV_DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" }, opts.env);

  // `npm run dev` is `npm run db:generate && next dev`.
  const generate = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { cwd: root, env, encoding: "utf8" });
  if (generate.status !== 0) throw new Error(`db:generate failed: ${generate.stderr}`);

  const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "dev", "--port", String(port)], {
    cwd: root,
    env,
    detached: true, // its own process group: close() stops next dev and its workers together
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let exit: string | null = null;
  child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.on("exit", (code, signal) => (exit = `next dev exited (${code ?? signal}) before it was ready:\n${out}`));

  const stopped = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async ({ keepData = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGINT");
      } catch {
        /* already gone */
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* already gone */
        }
      }, 15_000);
      await stopped;
      clearTimeout(killer);
    }
    if (!keepData) rmSync(dataHome, { recursive: true, force: true });
  };

  try {
    await waitForReady(baseUrl, () => exit, opts.timeoutMs ?? 240_000);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    baseUrl,
    port,
    dataDir,
    dataHome,
    output: () => out,
    printedOwner: () => {
      const email = /email:\s+(\S+)/.exec(out)?.[1];
      const password = /password:\s+(\S+)/.exec(out)?.[1];
      return email && password ? { email, password } : null;
    },
    close,
  };
}
