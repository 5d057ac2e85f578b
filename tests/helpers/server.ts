// Starts the app as a child process and waits until it answers: the production build exactly as
// `npm start` runs it (same Node flags), or the standalone folder `npm run build` completes as
// the Docker image runs it (`node --max-semi-space-size=32 serve.mjs server.js` with PORT and
// HOSTNAME, nothing from the checkout). One server process unless the test's environment sets
// WEB_CONCURRENCY (scripts/serve.mjs).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** `npm start`'s command line after `node`: its Node flags, the next binary and `start`. */
function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const [node, ...args] = scripts.start.split(/\s+/);
  if (node !== "node") throw new Error(`npm start should run node directly, found: ${scripts.start}`);
  return args;
}

/** The standalone folder `npm run build` completed (scripts/complete-standalone.mjs). */
export const standaloneDir = () => path.resolve(process.env.NEXT_DIST_DIR ?? ".next", "standalone");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Spawns node with these arguments, collecting everything it prints. */
function spawnNode(args: string[], env: NodeJS.ProcessEnv, cwd?: string) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}

export interface StartOptions {
  /** The path that must answer 2xx before the server counts as started: /api/health (the default) answers once start-up has finished. */
  waitFor?: string;
  /** Run this standalone folder (standaloneDir() or a copy of it) as the Docker image does, instead of `npm start`. */
  standalone?: string;
}

/** Starts the server with this environment (over the test process's own for `npm start`; alone for a standalone folder) and waits until it answers. */
export async function startServer(
  env: Record<string, string>,
  { waitFor = "/api/health", standalone }: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const label = standalone ? "Standalone server" : "Server";
  const { child, output, exited } = standalone
    ? // Only what a container would have: PATH and the app's own variables, no NEXT_DIST_DIR, no
      // DATABASE_URL unless given, and a working directory outside the checkout.
      spawnNode(
        ["--max-semi-space-size=32", "serve.mjs", "server.js"],
        {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          WEB_CONCURRENCY: "1",
          NODE_ENV: "production", // server.js sets it anyway
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: String(port),
          HOSTNAME: "127.0.0.1",
          APP_URL: url,
          NEXTAUTH_URL: url,
          ...env,
        },
        standalone,
      )
    : spawnNode([...startArgs(), "-p", String(port), "-H", "127.0.0.1"], {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        WEB_CONCURRENCY: "1",
        APP_URL: url,
        NEXTAUTH_URL: url,
        ...env,
      });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}${waitFor}`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${label} did not become healthy:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // A standalone server is given longer to end by itself on its signal (standalone.test.ts
  // checks that it does, as under `docker stop`).
  const stopWaitMs = standalone ? 10_000 : 5_000;
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    process: child,
    output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (running()) child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, stopWaitMs))]);
      if (running()) child.kill("SIGKILL");
    },
  };
}

/** Starts the production build with this environment, as npm start does, and waits for it to exit: its code (null if it was still running after 20 s) and output. */
export async function startAndWaitForExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const port = await freePort();
  const { child, output, exited } = spawnNode([...startArgs(), "-p", String(port), "-H", "127.0.0.1"], { WEB_CONCURRENCY: "1", ...env });
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const { code } = await exited;
  clearTimeout(timer);
  return { code, out: output() };
}
