// `npm start` (and the Docker image): runs the server with one process per core. Usage:
//   node serve.mjs <entry> [args...]   (entry: Next's `next` bin with `start`, or the standalone server.js)
// WEB_CONCURRENCY sets the number of processes; unset, it is the number of cores, at most 4 and
// at most one per MEMORY_PER_PROCESS of the host's (or the container's) memory. One process
// runs the entry here, as `node <entry>` would. More: this process is a small supervisor
// (node:cluster) and each worker runs the entry, all sharing one listening socket. The first
// worker is the host process: it alone applies migrations, creates the first owner, and runs the
// embedded job runner and the SMTP listeners; the others only serve HTTP, and start once it has
// started. A web worker's announcement of new work is passed to the host process's runner through
// here. SIGTERM or SIGINT is passed to every worker, and this process exits once all have
// drained (lib/boot/graceful-shutdown.ts). A worker that dies is started again (docs/operations.md).
// Always one process: the embedded database (one process may open it) and Vercel.
import cluster from "node:cluster";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";

const MiB = 1024 * 1024;
const MEMORY_PER_PROCESS = 768 * MiB;
const DEFAULT_MAX = 4;
const RESTART_DELAY_MS = 1_000;
/** A process that dies sooner than this after it was started counts as failing to start: the delay doubles (to 30 s). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** After this many quick deaths in a row of the host process, the instance stops (exit 1) for its service manager to see. */
const MAX_QUICK_HOST_DEATHS = 5;
/** Past each worker's own bound (SHUTDOWN_TIMEOUT_SECONDS and its exit margin), a worker still running is killed. */
const STOP_MARGIN_MS = 10_000;

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error("Usage: node serve.mjs <entry> [args...]");
  process.exit(2);
}

loadEnvFiles();
const flags = memoryFlags();
const count = processCount();
if (count === 1) await runHere();
else supervise(count);

/** Next's .env files, as the entry will load them, so that WEB_CONCURRENCY and DATABASE_URL set there count here too. */
function loadEnvFiles() {
  try {
    const require = createRequire(pathToFileURL(path.resolve(entry)));
    // The standalone server.js loads the .env beside it; `next start`, the one in the working folder.
    const dir = path.basename(entry) === "server.js" ? path.dirname(path.resolve(entry)) : process.cwd();
    require("@next/env").loadEnvConfig(dir, false, { info: () => {}, error: console.error });
  } catch {
    /* no @next/env beside the entry: the environment alone decides */
  }
}

function processCount() {
  const asked = process.env.WEB_CONCURRENCY?.trim();
  const oneOnly = !process.env.DATABASE_URL ? "the embedded database" : process.env.VERCEL ? "Vercel" : null;
  if (oneOnly) {
    if (asked && asked !== "1") console.log(`Mailroom: WEB_CONCURRENCY=${asked} is ignored: ${oneOnly} runs one server process.`);
    return 1;
  }
  if (asked) {
    const n = Number(asked);
    if (!Number.isInteger(n) || n < 1 || n > 64) {
      console.error(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${asked}").`);
      process.exit(1);
    }
    return n;
  }
  const constrained = typeof process.constrainedMemory === "function" ? process.constrainedMemory() : 0;
  const memory = constrained > 0 ? Math.min(constrained, os.totalmem()) : os.totalmem();
  return Math.max(1, Math.min(os.availableParallelism(), DEFAULT_MAX, Math.floor(memory / MEMORY_PER_PROCESS)));
}

/**
 * V8 settings that keep a server process lean (bench/README.md, "Memory"), for this process or
 * each worker. The old generation grows 25% past what survived the last full collection instead
 * of V8's default (which let garbage of a sustained load pile up to some 450 MiB before it ran
 * one). On PostgreSQL, WebAssembly (Prisma's query compiler) stays on V8's baseline compiler:
 * optimising it cost about 100 MiB of memory held for the life of the process, and no hot path
 * runs through it there (hot statements go straight to pg, lib/db/raw-query.ts). The embedded
 * database is PostgreSQL itself in WebAssembly: there, every query runs through it, so it keeps
 * the optimising compiler.
 */
function memoryFlags() {
  return ["--heap-growing-percent=25", ...(process.env.DATABASE_URL ? ["--liftoff-only"] : [])];
}

/**
 * glibc's malloc keeps an arena per thread that allocates (V8's helper threads, libuv's pool),
 * each holding freed memory: two arenas measured 9 MiB less at rest and 20 MiB less at the send
 * workload's peak, with no slower sends. It is read when a process starts, so it reaches the
 * processes started here; a single process gets it from its environment (the Docker image sets
 * it; docs/operations.md). An operator's own value stands.
 */
function mallocEnv() {
  return process.env.MALLOC_ARENA_MAX ? {} : { MALLOC_ARENA_MAX: "2" };
}

async function runHere() {
  for (const flag of flags) v8.setFlagsFromString(flag);
  const file = path.resolve(entry);
  process.argv = [process.argv[0], file, ...args];
  await import(pathToFileURL(file).href);
}

/** Sends `signal` to every server process. */
function signalAll(signal) {
  for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
}

function supervise(n) {
  console.log(`Mailroom: ${n} server processes (WEB_CONCURRENCY).`);
  cluster.setupPrimary({ exec: path.resolve(entry), args, execArgv: [...process.execArgv, ...flags] });
  /** @type {Map<number, "host" | "web">} worker id -> role */
  const roles = new Map();
  let host = null;
  let stopping = null;
  let started = false;
  /** Per part: consecutive quick deaths, and when its current process was started. */
  const quickDeaths = { host: 0, web: 0 };
  const forkedAt = new Map();

  const fork = (role) => {
    const worker = cluster.fork({ MAILROOM_PROCESS: role, ...mallocEnv() });
    roles.set(worker.id, role);
    forkedAt.set(worker.id, Date.now());
    if (role === "host") host = worker;
    // A send to a process that has just died fails here rather than throwing in this one.
    worker.on("error", () => {});
    worker.on("message", (msg) => {
      if (msg?.mailroom === "started" && role === "host" && !started) {
        started = true;
        // A signal while the host started: the web processes are not started at all.
        if (!stopping) for (let i = 1; i < n; i++) fork("web");
      } else if (msg?.mailroom === "wake" && host?.isConnected()) host.send(msg, () => {});
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    const role = roles.get(worker.id);
    roles.delete(worker.id);
    if (worker === host) host = null;
    if (stopping) {
      if (roles.size === 0) process.exit(stopping.code);
      return;
    }
    if (!started) {
      // Stopped by a signal (a terminal's Ctrl-C reaches every process): a stop, not a failure.
      const stoppedBy = signal ?? (code === 130 ? "SIGINT" : code === 143 ? "SIGTERM" : null);
      if (stoppedBy === "SIGINT" || stoppedBy === "SIGTERM") return stop(stoppedBy);
      // The host process did not start (a configuration error, a database it cannot reach): as one process would.
      console.error(`Mailroom: the server process exited while starting (${signal ?? `code ${code}`}).`);
      signalAll("SIGTERM");
      process.exit(code || 1);
    }
    const quick = Date.now() - (forkedAt.get(worker.id) ?? 0) < QUICK_DEATH_MS;
    forkedAt.delete(worker.id);
    quickDeaths[role] = quick ? quickDeaths[role] + 1 : 0;
    if (role === "host" && quickDeaths.host >= MAX_QUICK_HOST_DEATHS) {
      console.error(`Mailroom: the host process failed ${MAX_QUICK_HOST_DEATHS} times in a row within seconds of starting; stopping.`);
      signalAll("SIGTERM");
      process.exit(1);
    }
    const delay = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, quickDeaths[role] - 1), MAX_RESTART_DELAY_MS);
    console.error(`Mailroom: a server process (${role}) exited (${signal ?? `code ${code}`}); starting another.`);
    // Not unref'd: with every process gone, this timer is what keeps the supervisor alive.
    setTimeout(() => stopping || fork(role), delay);
  });

  function stop(signal) {
    if (stopping) return;
    stopping = { code: signal === "SIGINT" ? 130 : 143 };
    if (roles.size === 0) process.exit(stopping.code);
    signalAll(signal);
    const seconds = Number(process.env.SHUTDOWN_TIMEOUT_SECONDS) || 25;
    setTimeout(
      () => {
        signalAll("SIGKILL");
        process.exit(stopping.code);
      },
      seconds * 1000 + STOP_MARGIN_MS,
    ).unref();
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  fork("host");
}
