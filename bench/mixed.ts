// Mixed-load benchmark: sends, reads (a message's timeline, the template list, the dashboard's
// messages log and overview summary) and webhook deliveries to a verifying local receiver, all
// at once against a production build on PostgreSQL, beside the bare route at the same concurrency.
// Run: npm run build && npx tsx bench/mixed.ts [seconds=30] [sendConnections=16] [readConnections=4 per kind] [endpoints=3]
import { benchMixed } from "./workloads/mixed";
import { formatTable } from "./support/report";

const seconds = Number(process.argv[2] ?? 30);
const sendConnections = Number(process.argv[3] ?? 16);
const readConnections = Number(process.argv[4] ?? 4);
const endpoints = Number(process.argv[5] ?? 3);

const { rows } = await benchMixed({ seconds, sendConnections, readConnections, endpoints, warmUpSeconds: 5, ceilingSeconds: 10 });
console.log(formatTable(rows));
process.exitCode = rows.some((r) => r.errors > 0) ? 1 : 0;
