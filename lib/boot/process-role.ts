// This process's part when `npm start` runs several (scripts/serve.mjs, WEB_CONCURRENCY): the
// host process applies migrations, creates the first owner and runs the embedded job runner and
// the SMTP listeners; a web process only serves HTTP. A process started any other way (one
// process, `next dev`, the standalone server.js alone, Vercel) is the host.
// Messages to and from the supervisor: "started" once the host has booted (the web processes
// are started then), and "wake" when a web process announces new work for the host's runner.
import cluster from "node:cluster";

type Message = { mailroom: "started" } | { mailroom: "wake"; lane: string };

const supervised = () => cluster.isWorker && typeof process.send === "function";

/** Whether this process runs the once-per-host work (migrations, runner, listeners). */
export const isHostProcess = (): boolean => !(supervised() && process.env.MAILROOM_PROCESS === "web");

/** To the supervisor, while it is there (a supervisor killed outright leaves no channel; the message then does not matter). */
function tell(msg: Message) {
  if (supervised() && process.connected) process.send!(msg, undefined, undefined, () => {});
}

/** The host process has booted: the supervisor starts the web processes. */
export const announceStarted = () => tell({ mailroom: "started" });

const pending = new Set<string>();

/** A web process's wake: passed to the host process's runner through the supervisor, once per lane per turn of the event loop. */
export function wakeHost(lane: string): void {
  if (pending.size === 0)
    setImmediate(() => {
      for (const l of pending) tell({ mailroom: "wake", lane: l });
      pending.clear();
    });
  pending.add(lane);
}

/** In the host process: wakes from the web processes reach `wake`. */
export function receiveWakes(wake: (lane: string) => void): void {
  if (!supervised()) return;
  process.on("message", (msg: Partial<Message> | null) => {
    if (msg?.mailroom === "wake" && typeof msg.lane === "string") wake(msg.lane);
  });
}
