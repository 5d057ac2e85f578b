// Webhook delivery benchmark: one event fanned out to 100 endpoints on a local receiver,
// repeated at a steady rate, against a production build on PostgreSQL with the embedded
// runner. The receiver verifies every delivery with the standardwebhooks package; prints
// deliveries/s and p50/p99 from the event (its occurred_at) to verified receipt.
// Run: npm run build && npx tsx bench/webhooks.ts [eventsPerSecond=10] [seconds=15] [endpoints=100]
import { benchWebhooks } from "./workloads/webhooks";
import { formatTable } from "./support/report";

const eventsPerSecond = Number(process.argv[2] ?? 10);
const seconds = Number(process.argv[3] ?? 15);
const endpoints = Number(process.argv[4] ?? 100);

const r = await benchWebhooks({ eventsPerSecond, seconds, endpoints, ceilingSeconds: 10 });
console.log(formatTable(r.rows));
console.log(
  `\noffered ${eventsPerSecond * endpoints} deliveries/s for ${seconds}s: ${Math.round(r.perSec)} deliveries/s verified (target >= 500), p99 ${r.p99} ms event to receipt (target < 1000 ms)`,
);
