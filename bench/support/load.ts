// A closed loop of autocannon clients whose every response (status, latency) is recorded into
// windows the caller cuts: one for a whole benchmark, or one a minute for the soak.
import autocannon from "autocannon";

export interface Window {
  /** Responses received, of any status. */
  responses: number;
  /** 2xx responses. */
  ok: number;
  /** Responses outside 2xx, connection errors and timeouts. */
  errors: number;
  /** Count by status code; "error" for connection errors and timeouts. */
  statuses: Record<string, number>;
  /** Latency of every response, ms. */
  latencies: number[];
  /** How long the window was open, s. */
  seconds: number;
}

export interface Load {
  readonly name: string;
  /** Closes the current window, opens the next one and returns the closed one. */
  cut(): Window;
  /** Responses so far in the current window. */
  responses(): number;
  /** Stops the clients; resolves when autocannon has closed them. */
  stop(): Promise<void>;
  /** Resolves when the run ends (its duration, or stop()). */
  done: Promise<void>;
}

const emptyWindow = (): Window & { openedAt: number } => ({
  responses: 0,
  ok: 0,
  errors: 0,
  statuses: {},
  latencies: [],
  seconds: 0,
  openedAt: performance.now(),
});

/** Starts `opts` (duration in seconds; without one it runs until stop()). */
export function startLoad(name: string, opts: autocannon.Options): Load {
  let current = emptyWindow();
  let finished = false;
  let instance: autocannon.Instance | undefined;
  const done = new Promise<void>((resolve, reject) => {
    instance = autocannon({ duration: 24 * 3600, ...opts }, (err) => {
      finished = true;
      if (err) reject(err);
      else resolve();
    });
  });
  instance!.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    current.responses++;
    current.statuses[status] = (current.statuses[status] ?? 0) + 1;
    if (status < 200 || status > 299) current.errors++;
    else current.ok++;
    current.latencies.push(ms);
  });
  instance!.on("reqError", () => {
    current.errors++;
    current.statuses.error = (current.statuses.error ?? 0) + 1;
  });
  return {
    name,
    cut() {
      const closed = current;
      current = emptyWindow();
      const { openedAt, ...w } = closed;
      return { ...w, seconds: (current.openedAt - openedAt) / 1000 };
    },
    responses: () => current.responses,
    async stop() {
      if (!finished) instance!.stop();
      await done;
    },
    done,
  };
}

/** Runs `opts` for its duration and returns the one window. */
export async function runLoad(name: string, opts: autocannon.Options & { duration: number }): Promise<Window> {
  const load = startLoad(name, opts);
  await load.done;
  return load.cut();
}

/** Nearest-rank percentile of unsorted numbers (NaN for none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Merges windows of one kind (e.g. the four read loads) into one. */
export function mergeWindows(windows: Window[]): Window {
  const statuses: Record<string, number> = {};
  for (const w of windows) for (const [k, v] of Object.entries(w.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    responses: windows.reduce((n, w) => n + w.responses, 0),
    ok: windows.reduce((n, w) => n + w.ok, 0),
    errors: windows.reduce((n, w) => n + w.errors, 0),
    statuses,
    latencies: windows.flatMap((w) => w.latencies),
    seconds: Math.max(0, ...windows.map((w) => w.seconds)),
  };
}

export const statusText = (w: Window) =>
  Object.entries(w.statuses)
    .map(([k, v]) => `${k}:${v}`)
    .join(" ");
