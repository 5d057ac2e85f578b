// Webhook delivery benchmark: one event fanned out to 100 endpoints on a local receiver,
// repeated at a steady rate (with --saturate, raised step by step until deliveries/s stop
// rising), against a production build on PostgreSQL with the embedded runner. The receiver
// verifies every delivery with the standardwebhooks package; prints deliveries/s and p50/p99
// from the event (its occurred_at) to verified receipt.
// Run: npm run build && npx tsx bench/webhooks.ts [eventsPerSecond=10] [seconds=15] [endpoints=100] [--saturate]
import { benchWebhooks } from "./workloads/webhooks";
import { formatTable } from "./support/report";

const saturate = process.argv.includes("--saturate");
const [eventsPerSecond = 10, seconds = 15, endpoints = 100] = process.argv
  .slice(2)
  .filter((a) => a !== "--saturate")
  .map(Number);

const r = await benchWebhooks({ eventsPerSecond, seconds, endpoints, ceilingSeconds: 10, saturate });
console.log(formatTable(r.rows));
for (const s of r.steps)
  console.log(
    `offered ${s.eventsPerSecond * endpoints} deliveries/s for ${seconds}s: ${Math.round(s.perSec)} deliveries/s verified, p99 ${s.p99} ms event to receipt`,
  );
