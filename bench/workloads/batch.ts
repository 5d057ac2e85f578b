// Batches under load: N concurrent clients posting /api/v1/email/batch with 100 items each
// (demo provider), messages/s counted from the entries answered "sent", beside single sends
// (/api/v1/email/send) measured on the same server in the same run, after the bare-route ceiling.
import autocannon from "autocannon";
import { benchServer } from "../bench-server";
import { bareRoute } from "../support/bare-route";
import { percentile, runLoad, statusText, type Window } from "../support/load";
import type { Row } from "../support/report";
import { probeDatabase, sampleRss } from "../support/server-stats";
import { benchMessage, owner, sendRequest } from "./send";

export const BATCH_SIZE = 100;

export interface BatchOptions {
  /** Clients posting single sends, for the figure beside the batches. */
  sendConnections: number;
  /** Clients posting batches. */
  batchConnections: number;
  seconds: number;
  warmUpSeconds: number;
}

/** A batch of BATCH_SIZE sends, each to a new recipient (see sendRequest); entries tallied as they come back. */
function batchRequest(base: string, key: string, prefix: string, tally: { sent: number; refused: number }): autocannon.Options {
  let n = 0;
  const body = () => JSON.stringify(Array.from({ length: BATCH_SIZE }, () => benchMessage(`${prefix}-${n++}@example.test`)));
  return {
    url: `${base}/api/v1/email/batch`,
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }),
        onResponse: (status: number, resBody: string) => {
          if (status !== 200) return;
          for (const entry of (JSON.parse(resBody) as { data: { status?: string }[] }).data) {
            if (entry.status === "sent") tally.sent++;
            else tally.refused++;
          }
        },
      },
    ],
  };
}

export async function benchBatch(opts: BatchOptions): Promise<{ rows: Row[] }> {
  const server = await benchServer(owner, ["email:send"]);
  const database = await probeDatabase(server.databaseUrl);
  try {
    const warmTally = { sent: 0, refused: 0 };
    const send = sendRequest(server.url, server.key, "single");
    await runLoad("warm-up", { url: `${server.url}/api/health`, connections: opts.sendConnections, duration: opts.warmUpSeconds });
    await runLoad("warm-up", { ...send, connections: opts.sendConnections, duration: opts.warmUpSeconds });
    await runLoad("warm-up", {
      ...batchRequest(server.url, server.key, "warm", warmTally),
      connections: opts.batchConnections,
      duration: opts.warmUpSeconds,
    });
    await database.settle(30_000);

    const bare = await bareRoute(server.url, opts.sendConnections, opts.seconds);
    const rss = sampleRss(server.pid);
    const sends = await runLoad("POST /api/v1/email/send", { ...send, connections: opts.sendConnections, duration: opts.seconds });
    await database.settle(30_000);
    const before = await database.sizeMiB();
    const tally = { sent: 0, refused: 0 };
    const batches = await runLoad("POST /api/v1/email/batch", {
      ...batchRequest(server.url, server.key, "batched", tally),
      connections: opts.batchConnections,
      duration: opts.seconds,
    });
    rss.stop();
    const settled = await database.settle(30_000);
    const growth = (await database.sizeMiB()) - before;
    const row = (workload: string, w: Window, done: number, note: string): Row => ({
      workload,
      perSec: done / w.seconds,
      unit: "sends",
      p50: percentile(w.latencies, 50),
      p99: percentile(w.latencies, 99),
      rssPeakMiB: rss.peak(),
      bare,
      errors: w.errors,
      note,
    });
    return {
      rows: [
        row(
          `send (${opts.sendConnections} conns), beside batches`,
          sends,
          sends.ok,
          `${sends.ok.toLocaleString("en")} sends (${statusText(sends)})`,
        ),
        {
          ...row(
            `batch of ${BATCH_SIZE} (${opts.batchConnections} conns)`,
            batches,
            tally.sent,
            `${batches.ok.toLocaleString("en")} batches, ${tally.sent.toLocaleString("en")} sent, ${tally.refused} refused (${statusText(batches)}); p50/p99 per batch${settled ? "" : "; demo events still due after 30 s"}`,
          ),
          errors: batches.errors + tally.refused,
          dbPer10kSendsMiB: (growth / tally.sent) * 10_000,
        },
      ],
    };
  } finally {
    await database.close();
    await server.close();
  }
}
