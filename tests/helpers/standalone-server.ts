// Starts the standalone build (<distDir>/standalone/server.js, or a copy of that folder) as
// the Docker image does: `node --max-semi-space-size=32 server.js` (npm start's flag) with PORT
// and HOSTNAME, nothing from the checkout. Waits for /api/health like server.ts does for `npm start`.
import { spawn } from "node:child_process";
import path from "node:path";
import { freePort, type RunningServer } from "./server";

/** The standalone folder `npm run build` completed (scripts/complete-standalone.mjs). */
export const standaloneDir = () => path.resolve(process.env.NEXT_DIST_DIR ?? ".next", "standalone");

export interface StandaloneServer extends RunningServer {
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startStandalone(dir: string, env: Record<string, string>): Promise<StandaloneServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Only what a container would have: PATH and the app's own variables, no NEXT_DIST_DIR, no
  // DATABASE_URL unless given, and a working directory outside the checkout.
  const child = spawn(process.execPath, ["--max-semi-space-size=32", path.join(dir, "server.js")], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "production", // server.js sets it anyway
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      APP_URL: url,
      NEXTAUTH_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Standalone server exited early:\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Standalone server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    output: () => out,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
