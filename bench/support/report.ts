// One row per measured workload and the table `npm run bench` prints: throughput, p50/p99,
// the server's idle and peak RSS and database growth per 10,000 sends, beside the same run's
// bare-route ceiling (GET /api/bench/floor at the workload's concurrency) as a ratio, and the
// send's share of GET /api/health measured beside it.
import os from "node:os";
import type { Ceiling } from "./bare-route";

export interface Row {
  workload: string;
  /** Completed units per second (sends, reads, verified deliveries, reports). */
  perSec: number;
  unit: string;
  p50: number;
  p99: number;
  rssPeakMiB: number;
  /** The server's RSS before any load (idleRssMiB), MiB; undefined where the workload does not measure it. */
  rssIdleMiB?: number;
  /** Database growth per 10,000 sends, MiB; undefined where the workload sends nothing. */
  dbPer10kSendsMiB?: number;
  bare: Ceiling;
  /** GET /api/health's req/s at the same concurrency, where the workload measures it (send). */
  health?: number;
  /** Failed requests, failed verifications, missing deliveries or wrong figures. */
  errors: number;
  note?: string;
}

const n = (v: number, digits = 0) =>
  Number.isFinite(v) ? v.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "—";

/** The table as Markdown, so that it pastes into bench/README.md as it is. */
export function formatTable(rows: Row[]): string {
  const head = [
    "workload",
    "throughput",
    "p50 ms",
    "p99 ms",
    "server RSS idle",
    "server RSS peak",
    "DB growth / 10k sends",
    "bare route req/s (conns)",
    "ratio",
    "of /api/health",
    "errors",
  ];
  const lines = rows.map((r) => [
    r.workload,
    `${n(r.perSec)} ${r.unit}/s`,
    n(r.p50),
    n(r.p99),
    r.rssIdleMiB === undefined ? "—" : `${n(r.rssIdleMiB)} MiB`,
    Number.isFinite(r.rssPeakMiB) ? `${n(r.rssPeakMiB)} MiB` : "—",
    r.dbPer10kSendsMiB === undefined ? "—" : `${n(r.dbPer10kSendsMiB, 1)} MiB`,
    `${n(r.bare.reqPerSec)} (${r.bare.connections})`,
    `${n((100 * r.perSec) / r.bare.reqPerSec)}%`,
    r.health === undefined ? "—" : `${n((100 * r.perSec) / r.health)}%`,
    String(r.errors),
  ]);
  const table = [head, head.map(() => "---"), ...lines].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
  const notes = rows.filter((r) => r.note).map((r) => `- ${r.workload}: ${r.note}`);
  return [table, ...(notes.length ? ["", ...notes] : [])].join("\n");
}

/** The machine, as the README records it next to the figures. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
}
