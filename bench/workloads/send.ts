// The send route under load: N concurrent clients posting /api/v1/email/send through the demo
// provider (recorded, audited, its email.sent event published, its demo events scheduled),
// after the bare-route ceiling and GET /api/health at the same concurrency on the same server.
import autocannon from "autocannon";
import { benchServer } from "../bench-server";
import { bareRoute, healthRoute, type Ceiling } from "../support/bare-route";
import { percentile, runLoad, statusText, type Window } from "../support/load";
import type { Row } from "../support/report";
import { idleRssMiB, probeDatabase, sampleRss, waitForProcesses } from "../support/server-stats";

export const owner = { email: "bench@example.test", password: "bench-password-1" };

export interface SendOptions {
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  /** Server processes (WEB_CONCURRENCY); default 1. */
  processes?: number;
}

/** The send body every send benchmark posts, to `address`. */
export const benchMessage = (address: string) => ({
  to: `Reader <${address}>`,
  from: "news@example.test",
  subject: "Benchmark",
  text: "Hello",
  html: "<p>Hello</p>",
});

/** A send body to a new recipient each time, as real traffic has: one fixed address would
 * soon be on the suppression list (the demo provider bounces about 5% of deliveries) and every
 * send refused. */
export function sendRequest(base: string, key: string, prefix: string, onSent?: (id: string) => void): autocannon.Options {
  let n = 0;
  const body = () => JSON.stringify(benchMessage(`${prefix}-${n++}@example.test`));
  return {
    url: `${base}/api/v1/email/send`,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }),
        ...(onSent && {
          onResponse: (status: number, resBody: string) => {
            if (status === 200) onSent((JSON.parse(resBody) as { data: { id: string } }).data.id);
          },
        }),
      },
    ],
  };
}

/** The row of GET /api/health measured beside a send run. */
export function healthRowOf(label: string, health: Ceiling, bare: Ceiling): Row {
  return {
    workload: `GET /api/health (${label})`,
    perSec: health.reqPerSec,
    unit: "req",
    p50: health.p50,
    p99: health.p99,
    rssPeakMiB: NaN,
    bare,
    errors: health.errors,
  };
}

/** The row of a send run, beside its bare route and GET /api/health, with the server's idle and peak RSS. */
export function sendRowOf(label: string, sends: Window, at: { bare: Ceiling; health: Ceiling; idle: number; peak: number }): Row {
  return {
    workload: `send (${label})`,
    perSec: sends.ok / sends.seconds,
    unit: "sends",
    p50: percentile(sends.latencies, 50),
    p99: percentile(sends.latencies, 99),
    rssIdleMiB: at.idle,
    rssPeakMiB: at.peak,
    bare: at.bare,
    health: at.health.reqPerSec,
    errors: sends.errors,
  };
}

export interface SendResult {
  rows: Row[];
  bare: Ceiling;
  health: Ceiling;
  sends: Window;
}

export async function benchSend(opts: SendOptions): Promise<SendResult> {
  const processes = opts.processes ?? 1;
  const server = await benchServer(owner, ["email:send"], { WEB_CONCURRENCY: String(processes) });
  const database = await probeDatabase(server.databaseUrl);
  const label = `${opts.connections} conns${processes > 1 ? `, ${processes} processes` : ""}`;
  try {
    const send = sendRequest(server.url, server.key, "reader");
    await waitForProcesses(server.pid, processes);
    const idle = await idleRssMiB(server.pid);
    await runLoad("warm-up", { url: `${server.url}/api/bench/floor`, connections: opts.connections, duration: opts.warmUpSeconds });
    await runLoad("warm-up", { url: `${server.url}/api/health`, connections: opts.connections, duration: opts.warmUpSeconds });
    await runLoad("warm-up", { ...send, connections: opts.connections, duration: opts.warmUpSeconds });
    await database.settle(30_000);

    const bare = await bareRoute(server.url, opts.connections, opts.seconds);
    const health = await healthRoute(server.url, opts.connections, opts.seconds);
    const before = await database.sizeMiB();
    const rss = sampleRss(server.pid);
    const sends = await runLoad("POST /api/v1/email/send", { ...send, connections: opts.connections, duration: opts.seconds });
    rss.stop();
    const settled = await database.settle(30_000);
    const growth = (await database.sizeMiB()) - before;
    const healthRow = healthRowOf(label, health, bare);
    const row: Row = {
      ...sendRowOf(label, sends, { bare, health, idle, peak: rss.peak() }),
      dbPer10kSendsMiB: (growth / sends.ok) * 10_000,
      note: `${sends.ok.toLocaleString("en")} sends in ${opts.seconds} s (${statusText(sends)})${settled ? "" : "; demo events still due after 30 s"}`,
    };
    return { rows: [healthRow, row], bare, health, sends };
  } finally {
    await database.close();
    await server.close();
  }
}
