// Send-route benchmark: N concurrent clients posting /api/v1/email/send through the demo
// provider, against a production build on PostgreSQL, next to the bare GET /api/health on
// the same server. Run: npm run build && npx tsx bench/send.ts [connections=32] [seconds=15]
import { benchSend } from "./workloads/send";
import { formatTable } from "./support/report";

const connections = Number(process.argv[2] ?? 32);
const seconds = Number(process.argv[3] ?? 15);

const { rows, bare, sends } = await benchSend({ connections, seconds, warmUpSeconds: 5 });
console.log(formatTable(rows));
const ratio = sends.ok / sends.seconds / bare.reqPerSec;
console.log(
  `\nconnections=${connections} duration=${seconds}s  send/bare throughput ratio: ${(ratio * 100).toFixed(1)}% (target >= 40%), send p99 ${rows[0].p99.toFixed(0)} ms (target < 100 ms)`,
);
