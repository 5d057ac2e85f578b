// The bare-route ceiling: GET /api/health (one `SELECT 1`, no authentication) at a workload's
// concurrency on the same server, measured right before the workload so both see one machine state.
import { percentile, runLoad } from "./load";

export interface Ceiling {
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function bareRoute(base: string, connections: number, seconds: number): Promise<Ceiling> {
  const w = await runLoad("GET /api/health", { url: `${base}/api/health`, connections, duration: seconds });
  return { connections, reqPerSec: w.ok / w.seconds, p50: percentile(w.latencies, 50), p99: percentile(w.latencies, 99), errors: w.errors };
}
