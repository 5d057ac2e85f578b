// Where this instance is in its life: starting (configuration checked, migrations applied,
// runners started), ready, or stopping (SIGTERM: no new work claimed, work in flight
// finishing). The readiness route answers from it; it lives on globalThis because Next.js
// loads instrumentation, the proxy and route handlers as separate bundles of one process.
export type Phase = "starting" | "ready" | "stopping";

interface State {
  phase: Phase;
  /** Whether this process runs a boot at all (instrumentation started one). */
  booting: boolean;
  /** Settles when start-up has finished (ready) — never rejects: a failed start exits the process. */
  started: Promise<void>;
  markStarted: () => void;
}

const holder = globalThis as unknown as { __mailroomLifecycle?: State };

function state(): State {
  if (!holder.__mailroomLifecycle) {
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    holder.__mailroomLifecycle = { phase: "starting", booting: false, started, markStarted };
  }
  return holder.__mailroomLifecycle;
}

export const phase = (): Phase => state().phase;

/** True once this process has begun its boot: only then is there a start-up to wait for. */
export const bootRunsHere = (): boolean => state().booting;

export function markBooting(): void {
  state().booting = true;
}

/** Resolves once the instance has started; at once when it has. */
export const started = (): Promise<void> => state().started;

export function markReady(): void {
  const s = state();
  if (s.phase === "starting") s.phase = "ready";
  s.markStarted();
}

export function markStopping(): void {
  state().phase = "stopping";
}
