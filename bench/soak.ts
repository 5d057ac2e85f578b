// `npm run soak`: the mixed load (bench/workloads/mixed.ts) for SOAK_MINUTES (default 10) or
// SOAK_MAX_REQUESTS requests, whichever comes first, against a production build on PostgreSQL.
// Prints a line of the curve every window (default a minute): requests, errors, throughput,
// p50/p99, deliveries, the server's RSS, the database's size and the backlog; then judges the
// curve (support/soak-rules.ts: zero errors, flat memory, flat latency) and exits 1 on a breach.
import { buildUnlessSkipped } from "./support/build";
import { knob, listKnob } from "./support/knobs";
import { mergeWindows, percentile } from "./support/load";
import { machine } from "./support/report";
import { judge, type CurvePoint } from "./support/soak-rules";
import { sampleRss } from "./support/server-stats";
import { READS, setUpMixed } from "./workloads/mixed";

const minutes = knob("SOAK_MINUTES", 10);
const windowSeconds = knob("SOAK_WINDOW_SECONDS", 60);
const maxRequests = knob("SOAK_MAX_REQUESTS", 1_000_000);
const shape = {
  sendConnections: knob("SOAK_SEND_CONNECTIONS", 16),
  readConnections: knob("SOAK_READ_CONNECTIONS", 4, 0),
  endpoints: knob("SOAK_ENDPOINTS", 3, 0),
  reads: listKnob("SOAK_READS", READS),
};
const rules = {
  rssTolerance: knob("SOAK_RSS_TOLERANCE", 0.15),
  rssSlopeMiBPerMinute: knob("SOAK_RSS_SLOPE", 4),
  latencyFactor: knob("SOAK_LATENCY_FACTOR", 1.5),
  latencySlackMs: knob("SOAK_LATENCY_SLACK_MS", 25),
};
const windows = Math.max(1, Math.round((minutes * 60) / windowSeconds));

buildUnlessSkipped();
const rig = await setUpMixed(shape);
const curve: CurvePoint[] = [];
let failedVerifications = 0;
let missing = 0;
let stoppedBy = `time (${minutes} min)`;
try {
  const connections = shape.sendConnections + shape.reads.length * shape.readConnections;
  console.log(
    `soak: ${windows} × ${windowSeconds} s of mixed load (${shape.sendConnections} send + ${shape.reads.length}×${shape.readConnections} read connections: ${shape.reads.join(", ")}; ` +
      `${shape.endpoints} webhook endpoints), at most ${maxRequests.toLocaleString("en")} requests; ${machine()}\n`,
  );
  const head = [
    "min",
    "requests",
    "errors",
    "req/s",
    "p50 ms",
    "p99 ms",
    "sends/s",
    "deliveries/s",
    "delivery p99 ms",
    "RSS mean / peak MiB",
    "DB MiB",
    "backlog",
    "p99 ms: send / timeline / templates / log / summary",
  ];
  console.log(`| ${head.join(" | ")} |\n|${head.map(() => " --- |").join("")}`);
  const rss = sampleRss(rig.server.pid);
  const run = rig.start();
  const t0 = performance.now();
  let total = 0;
  for (let i = 1; i <= windows; i++) {
    const end = t0 + i * windowSeconds * 1000;
    while (performance.now() < end && total + run.responses() < maxRequests) await new Promise((r) => setTimeout(r, 200));
    const w = run.cut();
    const all = mergeWindows([w.sends, ...READS.map((k) => w.reads[k])]);
    total += all.responses;
    failedVerifications += w.deliveries.failures;
    const b = await rig.database.backlog();
    const point: CurvePoint = {
      window: i,
      minutes: (performance.now() - t0) / 60_000,
      requests: all.responses,
      errors: all.errors,
      reqPerSec: all.ok / all.seconds,
      p50: percentile(all.latencies, 50),
      p99: percentile(all.latencies, 99),
      sendsPerSec: w.sends.ok / w.sends.seconds,
      deliveriesPerSec: w.deliveries.verified / all.seconds,
      deliveryP99: percentile(w.deliveries.latencies, 99),
      rssMeanMiB: rss.mean(),
      rssPeakMiB: rss.peak(),
      databaseMiB: await rig.database.sizeMiB(),
      backlog: b.deliveries + b.events,
    };
    rss.reset();
    curve.push(point);
    const f = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : "—");
    const byKind = [w.sends, ...READS.map((k) => w.reads[k])].map((x) => f(percentile(x.latencies, 99))).join(" / ");
    console.log(
      `| ${point.minutes.toFixed(1)} | ${point.requests} | ${point.errors} | ${f(point.reqPerSec)} | ${f(point.p50)} | ${f(point.p99)} | ${f(point.sendsPerSec)} | ${f(point.deliveriesPerSec)} | ${f(point.deliveryP99)} | ${f(point.rssMeanMiB)} / ${f(point.rssPeakMiB)} | ${f(point.databaseMiB)} | ${point.backlog} | ${byKind} |`,
    );
    if (point.errors > 0) console.log(`  statuses: ${JSON.stringify(all.statuses)}`);
    if (total >= maxRequests) {
      stoppedBy = `count (${maxRequests.toLocaleString("en")} requests)`;
      break;
    }
  }
  await run.stop();
  rss.stop();
  missing = await rig.drain(60_000);
  failedVerifications += rig.receiver.cut().failures;
  console.log(
    `\nstopped by ${stoppedBy}; ${total.toLocaleString("en")} requests, ${rig.sent().toLocaleString("en")} sends, ${rig.receiver.distinct().events.toLocaleString("en")} distinct deliveries (${rig.receiver.distinct().repeats} repeated); ${connections} connections`,
  );
} finally {
  await rig.close();
}

const verdicts = judge(curve, { failedVerifications, missing }, rules);
for (const v of verdicts) console.log(`${v.pass ? "PASS" : "FAIL"}  ${v.rule}: ${v.detail}`);
process.exitCode = verdicts.every((v) => v.pass) ? 0 : 1;
