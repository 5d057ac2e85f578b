// Send-route benchmark: N concurrent clients posting /api/v1/email/send through the demo
// provider, against a production build on PostgreSQL, next to the bare route and GET /api/health
// on the same server. Run: npm run build && npx tsx bench/send.ts [connections=32] [seconds=15]
import { benchSend } from "./workloads/send";
import { formatTable } from "./support/report";

const connections = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 15);

const { rows, bare, health, sends } = await benchSend({ connections, seconds, warmUpSeconds: 5 });
console.log(formatTable(rows));
const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const send = rows.find((r) => r.unit === "sends")!;
console.log(
  `\nconnections=${connections} duration=${seconds}s  health/bare: ${pct(health.reqPerSec / bare.reqPerSec)} (target >= 90%), ` +
    `send/health: ${pct(sends.ok / sends.seconds / health.reqPerSec)} (target >= 60%), send p99 ${send.p99.toFixed(0)} ms (target < 150 ms)`,
);
