// How a new job row is announced: to Inngest when it is configured (wired at start-up by
// instrumentation.ts), otherwise by waking this process's embedded runner. Either way the
// row is already committed, so a lost announcement only delays the work until the next poll.
export type Dispatcher = (job: { id: string; name: string; runAt: Date }) => Promise<void>;

const holder = globalThis as unknown as { __mailroomDispatcher?: Dispatcher; __mailroomWake?: () => void };

export function setDispatcher(d: Dispatcher) {
  holder.__mailroomDispatcher = d;
}

export function setLocalWake(wake: (() => void) | undefined) {
  holder.__mailroomWake = wake;
}

export async function dispatch(job: { id: string; name: string; runAt: Date }) {
  if (holder.__mailroomDispatcher) return holder.__mailroomDispatcher(job);
  if (job.runAt.getTime() <= Date.now()) holder.__mailroomWake?.();
}
