// The send workload on the embedded database (PostgreSQL as WebAssembly inside the server
// process): the server's idle RSS on its first start on a new data folder and again after a
// restart on it, then 32 clients posting /api/v1/email/send (demo provider) after the bare
// route and GET /api/health on the same server, its peak RSS sampled during the sends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startServer, type RunningServer } from "../../tests/helpers/server";
import { benchEnv, createKey, LIMITS_LIFTED, signIn } from "../bench-server";
import { bareRoute, healthRoute } from "../support/bare-route";
import { runLoad, statusText } from "../support/load";
import type { Row } from "../support/report";
import { idleRssMiB, sampleRss } from "../support/server-stats";
import { healthRowOf, owner, sendRequest, sendRowOf, type SendOptions } from "./send";

export async function benchEmbeddedSend(opts: Omit<SendOptions, "processes">): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mailroom-bench-embedded-"));
  const env = { ...benchEnv(owner), DATABASE_URL: "", DATA_DIR: dataDir };
  let server: RunningServer | undefined;
  try {
    server = await startServer(env);
    const firstIdle = await idleRssMiB(server.process.pid!);
    const key = await createKey(server.url, await signIn(server.url, owner), ["email:send"]);
    await server.stop();
    server = undefined;
    // One process may open the database at a time: the limits are lifted while the server is down.
    const lite = new PGlite(path.join(dataDir, "pglite"));
    for (const statement of LIMITS_LIFTED) await lite.exec(statement);
    await lite.close();

    server = await startServer(env);
    const pid = server.process.pid!;
    const idle = await idleRssMiB(pid);
    const send = sendRequest(server.url, key, "reader");
    const { connections, seconds, warmUpSeconds } = opts;
    await runLoad("warm-up", { url: `${server.url}/api/bench/floor`, connections, duration: warmUpSeconds });
    await runLoad("warm-up", { url: `${server.url}/api/health`, connections, duration: warmUpSeconds });
    await runLoad("warm-up", { ...send, connections, duration: warmUpSeconds });
    const bare = await bareRoute(server.url, connections, seconds);
    const health = await healthRoute(server.url, connections, seconds);
    const rss = sampleRss(pid);
    const sends = await runLoad("POST /api/v1/email/send", { ...send, connections, duration: seconds });
    rss.stop();
    const label = `${connections} conns, embedded database`;
    return [
      healthRowOf(label, health, bare),
      {
        ...sendRowOf(label, sends, { bare, health, idle, peak: rss.peak() }),
        note: `${sends.ok.toLocaleString("en")} sends in ${seconds} s (${statusText(sends)}); idle ${Math.round(firstIdle)} MiB on the first start (a new data folder), ${Math.round(idle)} MiB after a restart (the row's)`,
      },
    ];
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
