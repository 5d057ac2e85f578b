// `npm run bench`: the send, embedded send, batch, webhook, analytics and mixed benchmarks one
// after another against a production build (on PostgreSQL but for the embedded send), each on a
// fresh server and database, each beside the bare route (GET /api/bench/floor) measured on the
// same server at the same concurrency right before it; then one table. Builds first unless
// BENCH_SKIP_BUILD=1 (the build in NEXT_DIST_DIR, else .next).
// Knobs (environment): see bench/README.md.
import pg from "pg";
import { ADMIN_URL } from "../tests/helpers/database";
import { buildUnlessSkipped } from "./support/build";
import { knob, listKnob } from "./support/knobs";
import { formatTable, machine, type Row } from "./support/report";
import { benchSend } from "./workloads/send";
import { benchWebhooks } from "./workloads/webhooks";
import { runPostgres } from "./workloads/analytics";
import { benchMixed, READS } from "./workloads/mixed";
import { benchBatch } from "./workloads/batch";
import { benchEmbeddedSend } from "./workloads/embedded-send";

const WORKLOADS = ["send", "embedded", "batch", "webhooks", "analytics", "mixed"] as const;
const only = listKnob("BENCH_ONLY", WORKLOADS);
const warmUpSeconds = knob("BENCH_WARMUP_SECONDS", 5);
const ceilingSeconds = knob("BENCH_CEILING_SECONDS", 10);
const connections = knob("BENCH_CONNECTIONS", 32);

buildUnlessSkipped();

const started = Date.now();
const say = (msg: string) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
const rows: Row[] = [];
const runs: Record<(typeof WORKLOADS)[number], () => Promise<Row[]>> = {
  send: async () => {
    const seconds = knob("BENCH_SEND_SECONDS", 15);
    const one = await benchSend({ connections, seconds, warmUpSeconds });
    const processes = knob("BENCH_PROCESSES", 2, 0);
    if (processes < 2) return one.rows;
    const several = await benchSend({ connections, seconds, warmUpSeconds, processes });
    const gain = several.sends.ok / several.sends.seconds / (one.sends.ok / one.sends.seconds);
    const row = several.rows.find((r) => r.unit === "sends")!;
    row.note = `${row.note}; ${gain.toFixed(2)}× the one-process send above`;
    return [...one.rows, ...several.rows];
  },
  embedded: () => benchEmbeddedSend({ connections, seconds: knob("BENCH_SEND_SECONDS", 15), warmUpSeconds }),
  batch: async () =>
    (
      await benchBatch({
        sendConnections: connections,
        batchConnections: knob("BENCH_BATCH_CONNECTIONS", 4),
        seconds: knob("BENCH_BATCH_SECONDS", 15),
        warmUpSeconds,
      })
    ).rows,
  webhooks: async () =>
    (
      await benchWebhooks({
        eventsPerSecond: knob("BENCH_WEBHOOK_EVENTS_PER_SECOND", 10),
        seconds: knob("BENCH_WEBHOOK_SECONDS", 10),
        endpoints: knob("BENCH_WEBHOOK_ENDPOINTS", 100),
        ceilingSeconds,
        saturate: true,
      })
    ).rows,
  analytics: async () => [(await runPostgres(knob("BENCH_ANALYTICS_EVENTS", 1_000_000), ceilingSeconds)).row],
  mixed: async () =>
    (
      await benchMixed({
        seconds: knob("BENCH_MIXED_SECONDS", 60),
        sendConnections: knob("BENCH_MIXED_SEND_CONNECTIONS", 16),
        readConnections: knob("BENCH_MIXED_READ_CONNECTIONS", 4, 0),
        endpoints: knob("BENCH_MIXED_ENDPOINTS", 3, 0),
        reads: listKnob("BENCH_MIXED_READS", READS),
        warmUpSeconds,
        ceilingSeconds,
      })
    ).rows,
};

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const { rows: version } = await admin.query<{ server_version: string }>("SHOW server_version");
await admin.end();
const conditions = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${machine()}; PostgreSQL ${version[0].server_version}`;

const crashed: string[] = [];
for (const name of only) {
  say(`${name}…`);
  try {
    const got = await runs[name]();
    for (const r of got)
      say(`${r.workload}: ${r.perSec.toFixed(0)} ${r.unit}/s, p99 ${r.p99.toFixed(0)} ms, bare ${r.bare.reqPerSec.toFixed(0)} req/s`);
    rows.push(...got);
  } catch (err) {
    console.error(`${name} failed:`, err);
    crashed.push(name);
  }
}

console.log(
  `\n${conditions}; load average at the end ${machine().split("load average ")[1]}; ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log(formatTable(rows));
const failed = [...rows.filter((r) => r.errors > 0).map((r) => r.workload), ...crashed.map((name) => `${name} (did not finish)`)];
if (failed.length) {
  console.log(`\nERRORS in: ${failed.join("; ")}`);
  process.exitCode = 1;
}
