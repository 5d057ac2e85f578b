// What the server costs while it works: its resident memory (VmRSS from /proc, the process and
// any children: with one server process `npm start` runs it directly, so the pid is the server;
// with several, the pid is their supervisor and they are its children) and its database's size.
import { readFileSync } from "node:fs";
import pg from "pg";

const MiB = 1024 * 1024;

function descendants(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) {
      out.push(Number(tid), ...descendants(Number(tid)));
    }
  } catch {
    /* gone, or no children file */
  }
  return out;
}

/** Waits until the supervisor `pid` runs `processes` server processes (none of its own below 2: it is the server). */
export async function waitForProcesses(pid: number, processes: number, timeoutMs = 60_000): Promise<void> {
  const want = processes > 1 ? processes : 0;
  const deadline = Date.now() + timeoutMs;
  while (descendants(pid).length < want) {
    if (Date.now() > deadline) throw new Error(`The server did not start ${processes} processes within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resident memory of `pid` and its descendants, MiB (0 once the process is gone). */
export function rssMiB(pid: number): number {
  let kib = 0;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      if (m) kib += Number(m[1]);
    } catch {
      /* exited between the listing and the read */
    }
  }
  return kib / 1024;
}

export interface RssSampler {
  /** Highest RSS seen since start (or the last reset), MiB. */
  peak(): number;
  /** The latest sample, MiB. */
  last(): number;
  /** Mean of the samples since start (or the last reset), MiB: steadier than one sample, which may fall either side of a collection. */
  mean(): number;
  /** Starts a new peak and mean from the next sample. */
  reset(): void;
  stop(): void;
}

/** Samples the server's RSS every `everyMs`. */
export function sampleRss(pid: number, everyMs = 250): RssSampler {
  let last = rssMiB(pid);
  let peak = last;
  let sum = last;
  let count = 1;
  const timer = setInterval(() => {
    last = rssMiB(pid);
    peak = Math.max(peak, last);
    sum += last;
    count++;
  }, everyMs);
  timer.unref();
  return {
    peak: () => peak,
    last: () => last,
    mean: () => (count ? sum / count : last),
    reset: () => {
      peak = last;
      sum = 0;
      count = 0;
    },
    stop: () => clearInterval(timer),
  };
}

export interface DatabaseProbe {
  /** pg_database_size, MiB (tables, indexes and TOAST; not the WAL). */
  sizeMiB(): Promise<number>;
  /** Work that is due and not done: webhook deliveries waiting or in flight, demo events due and unpublished, jobs due. */
  backlog(): Promise<{ deliveries: number; events: number; jobs: number }>;
  /** Waits (at most `timeoutMs`) until the backlog is empty; answers whether it emptied. */
  settle(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** One connection to the benchmark's database, for its size and backlog. */
export async function probeDatabase(url: string): Promise<DatabaseProbe> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const backlog = async () => {
    const { rows } = await c.query<{ deliveries: number; events: number; jobs: number }>(
      `SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE status IN ('pending', 'delivering') AND next_attempt_at <= now()) AS deliveries,
              (SELECT count(*)::int FROM scheduled_events WHERE occurred_at <= now()) AS events,
              (SELECT count(*)::int FROM jobs WHERE status IN ('queued', 'running') AND run_at <= now()) AS jobs`,
    );
    return rows[0];
  };
  return {
    async sizeMiB() {
      const { rows } = await c.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`);
      return Number(rows[0].bytes) / MiB;
    },
    backlog,
    async settle(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const b = await backlog();
        if (b.deliveries + b.events === 0) return true;
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    close: () => c.end(),
  };
}

/**
 * The server's resident memory at rest: `quietMs` after it answered (start-up's own garbage
 * collected), the mean of `windowMs` of samples, MiB. Measured before any load.
 */
export async function idleRssMiB(pid: number, quietMs = 10_000, windowMs = 5_000): Promise<number> {
  await new Promise((r) => setTimeout(r, quietMs));
  const rss = sampleRss(pid);
  await new Promise((r) => setTimeout(r, windowMs));
  rss.stop();
  return rss.mean();
}
