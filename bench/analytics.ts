// Analytics report benchmark: one organization with EVENTS events (default 1,000,000) over
// the last 90 days, rolled up by the product's own rollUpEvents, plus 5,000 events not rolled
// up yet (the reports' live part); then the summary, bounce and delivery reports and the v1
// summary timed over HTTP against a production build, first on PostgreSQL, then on the
// embedded database (PGlite). Targets: p95 under 100 ms on PostgreSQL, under 1,500 ms embedded.
// Run: npm run build && npx tsx bench/analytics.ts [events=1000000] [embeddedEvents=events]
import { load, printTimings, runEmbedded, runPostgres, secondsSince, type PhaseResult } from "./workloads/analytics";
import { formatTable } from "./support/report";
import os from "node:os";

const EVENTS = Number(process.argv[2] ?? 1_000_000);
const EMBEDDED_EVENTS = Number(process.argv[3] ?? EVENTS);
const CEILING_SECONDS = 10;

const started = performance.now();
const pgResult = await runPostgres(EVENTS, CEILING_SECONDS);
console.log("\nPostgreSQL fill:");
console.table(pgResult.fill);
console.log("Summary, last 90 days (PostgreSQL):", JSON.stringify(pgResult.sample));

let embedded: PhaseResult | undefined;
try {
  embedded = await runEmbedded(EMBEDDED_EVENTS, CEILING_SECONDS);
  console.log("\nEmbedded (PGlite) fill:");
  console.table(embedded.fill);
  console.log("Summary, last 90 days (embedded):", JSON.stringify(embedded.sample));
} catch (err) {
  console.error("Embedded run failed:", err);
}

printTimings(pgResult, embedded);
console.log("\n" + formatTable([pgResult.row, ...(embedded ? [embedded.row] : [])]));
console.log(`\ntotal ${secondsSince(started)}, load average at the end ${load()} on ${os.cpus().length} cores`);
