// Starts the production build as a child process, exactly as `npm start` does (same Node
// flags), and waits for /api/health (or another path).
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/** `npm start`'s command line after `node`: its Node flags, the next binary and `start`. */
function startArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } };
  const [node, ...args] = scripts.start.split(/\s+/);
  if (node !== "node") throw new Error(`npm start should run node directly, found: ${scripts.start}`);
  return args;
}

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
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts the server and waits until `waitFor` (default /api/health, which answers once start-up has finished) answers 2xx. */
export async function startServer(env: Record<string, string>, port?: number, waitFor = "/api/health"): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const url = `http://127.0.0.1:${p}`;
  const child = spawn(process.execPath, [...startArgs(), "-p", String(p), "-H", "127.0.0.1"], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", APP_URL: url, NEXTAUTH_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}${waitFor}`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => out,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

/** Starts the production build with this environment, as npm start does, and waits for it to exit: its code (null if it was still running after 20 s) and output. */
export async function startAndWaitForExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startArgs(), "-p", String(port), "-H", "127.0.0.1"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 20_000);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  return { code, out };
}
