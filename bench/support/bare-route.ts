// The bare-route ceiling: GET /api/bench/floor (a bare Next.js route doing one `SELECT 1`, none
// of the request core; on with MAILROOM_BENCH_FLOOR=1) at a workload's concurrency on the same
// server, measured right before the workload so both see one machine state. GET /api/health
// does the same `SELECT 1` through the request core (request id, log line, start-up wait):
// measured beside it, the pair shows what every request pays on top of the framework.
import { percentile, runLoad } from "./load";

export interface Ceiling {
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** What a server needs in its environment for bareRoute() to reach the floor route. */
export const FLOOR_ENV = { MAILROOM_BENCH_FLOOR: "1" };

async function ceilingOf(url: string, connections: number, seconds: number): Promise<Ceiling> {
  const w = await runLoad(`GET ${new URL(url).pathname}`, { url, connections, duration: seconds });
  return { connections, reqPerSec: w.ok / w.seconds, p50: percentile(w.latencies, 50), p99: percentile(w.latencies, 99), errors: w.errors };
}

/** The bare Next.js route: the framework's own floor on this machine. */
export const bareRoute = (base: string, connections: number, seconds: number) => ceilingOf(`${base}/api/bench/floor`, connections, seconds);

/** GET /api/health: the same query through the request core every API route goes through. */
export const healthRoute = (base: string, connections: number, seconds: number) => ceilingOf(`${base}/api/health`, connections, seconds);
