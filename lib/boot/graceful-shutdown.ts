// SIGTERM (or SIGINT): Next.js closes its HTTP server — no new connections, requests in flight
// finish — and then calls process.exit. At the signal this instance turns "stopping" (its
// readiness route answers 503), the runners stop claiming work, and Next's exit is held until
// the work they have in flight has finished, for at most SHUTDOWN_TIMEOUT_SECONDS. Work cut off
// then is recovered as after a crash: the sweep re-queues a job whose runner stopped beating,
// and every job is safe to run twice.
import { markStopping } from "@/lib/boot/lifecycle";
import { log } from "@/lib/log";
import { within } from "@/lib/boot/within";

type Task = { name: string; stop: () => Promise<void> };

const holder = globalThis as unknown as { __mailroomShutdown?: { tasks: Task[]; installed: boolean; draining?: Promise<void> } };
const state = () => (holder.__mailroomShutdown ??= { tasks: [], installed: false });

/** Something to stop, and wait for, when the instance shuts down (at once, if it already is). */
export function onShutdown(name: string, stop: () => Promise<void>): void {
  const s = state();
  if (s.draining) {
    void stop().catch((err) => log.error("a shutdown task failed", { task: name, err }));
    return;
  }
  s.tasks.push({ name, stop });
}

/** Starts the shutdown: every task stops; resolves when all have or the time is up. */
export function beginShutdown(timeoutMs: number): Promise<void> {
  const s = state();
  if (s.draining) return s.draining;
  markStopping();
  const started = Date.now();
  log.info("shutting down: no new work is claimed; waiting for work in flight", { tasks: s.tasks.map((t) => t.name), timeoutMs });
  const all = Promise.allSettled(
    s.tasks.map((t) => t.stop().catch((err) => log.error("a shutdown task failed", { task: t.name, err }))),
  ).then(() => true);
  s.draining = within(all, timeoutMs, false, { unref: true }).then((finished) => {
    if (finished) log.info("work in flight finished", { ms: Date.now() - started });
    else log.warn("shutdown timeout: work still in flight is left for another instance to recover", { timeoutMs });
  });
  return s.draining;
}

/** After the timeout, this long for the exit itself (Next closing, the drain's last writes). */
const EXIT_MARGIN_MS = 5_000;

/**
 * Listens for SIGTERM and SIGINT once per process. Next.js's own handler exits as soon as its
 * HTTP server has closed — requests in flight answered — and process.exit is wrapped so that
 * exit also waits for the drain. Whatever still runs when the timeout (and a short margin) has
 * passed since the signal is cut off by a last exit, so a stop is always bounded.
 */
export function installShutdown(timeoutMs: number): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  const exit = process.exit.bind(process);
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === "SIGINT" ? 130 : 143;
    const drained = beginShutdown(timeoutMs);
    process.exit = ((c?: number) => void drained.then(() => exit(c ?? code))) as typeof process.exit;
    setTimeout(() => exit(code), timeoutMs + EXIT_MARGIN_MS).unref();
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
}
