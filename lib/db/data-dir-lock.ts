// The embedded database may be opened by one process only (two would corrupt it). A lock
// file holding the owner's pid guards the folder. It is written whole under a name of its own
// and then linked into place, which fails where a lock exists: of processes starting together
// one wins, and no process ever reads a lock not yet written. A lock left by a dead process is
// taken over, and taking over is itself claimed the same way: the one process whose claim is
// linked removes the lock if it still names the dead pid, and then all compete to create it
// afresh. One that read the same dead pid and claims later finds the lock gone or another's.
// The pid is checked on this machine (or in this container): servers in different containers
// sharing one data folder are not told apart (docs/operations.md says not to share one).
import { linkSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

/** A file that holds no pid yet is taken for a dead process's only once it is this old. */
const EMPTY_GRACE_MS = 5_000;
/** How long a start keeps trying while other processes take the lock or claim it. */
const TRY_FOR_MS = 10_000;

/** The pid a lock or claim names: a positive whole number, else null (empty or garbage). */
function pidIn(text: string): number | null {
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Whether `pid` is a live process here (not one of a process's threads, which Linux also answers for). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  if (process.platform !== "linux") return true;
  try {
    const tgid = /^Tgid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return tgid === undefined || Number(tgid) === pid;
  } catch {
    return true; // no /proc to ask: alive, as the signal said
  }
}

/** Whether a file naming no pid was written long enough ago to be a dead process's (or is gone). */
function oldEnough(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > EMPTY_GRACE_MS;
  } catch {
    return true;
  }
}

/**
 * Whether the lock or claim `file`, holding `text`, may be another live process's: it names one,
 * or it names none yet and is young (one being written in place, on a file system without hard
 * links). This process's own pid in it was left by an earlier process that had the pid.
 */
function mayBeLive(file: string, text: string): boolean {
  const pid = pidIn(text);
  return pid === null ? !oldEnough(file) : pid !== process.pid && alive(pid);
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** The file's text, or null when there is none. */
function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    if (code(err) === "ENOENT") return null;
    throw err;
  }
}

/** Creates `file` holding this process's pid unless it exists; whether it did. */
function createOnly(file: string): boolean {
  const own = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(own, String(process.pid), { flag: "wx" });
    linkSync(own, file);
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    // A file system without hard links (FAT, some network mounts; each reports it differently):
    // created in place. A reader may then find it empty for an instant: see EMPTY_GRACE_MS.
    if (code(err) !== "ENOENT" && code(err) !== "ENOSPC" && code(err) !== "EACCES") return createInPlace(file);
    throw err;
  } finally {
    rmSync(own, { force: true });
  }
}

function createInPlace(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    throw err;
  }
}

const inUse = (dir: string, pid: number) =>
  new Error(`The embedded database in ${dir} is in use by process ${pid}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`);

/** Removes the lock left by a dead process, unless another process is removing it already or got there first. */
function takeOver(dir: string, file: string, holderText: string) {
  const claim = path.join(dir, "mailroom.lock.takeover");
  if (!createOnly(claim)) {
    // Its claimant done (gone) or at work: compete again. Else left by one that died while taking over.
    const claimantText = readOrNull(claim);
    if (claimantText !== null && !mayBeLive(claim, claimantText)) rmSync(claim, { force: true });
    return;
  }
  try {
    if (readOrNull(file) === holderText) rmSync(file, { force: true });
  } finally {
    rmSync(claim, { force: true });
  }
}

export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "mailroom.lock");
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    // Rounds after the first wait a little: another process is taking the lock or claiming it.
    if (attempt > 0) pause(Math.min(50, 2 * attempt));
    if (createOnly(file)) break;
    const holderText = readOrNull(file);
    if (holderText === null) continue; // released or taken over meanwhile: compete again
    const holder = pidIn(holderText);
    if (holder === process.pid) break; // this process's, or left by a dead one that had its pid
    const live = mayBeLive(file, holderText);
    if (live && holder !== null) throw inUse(dir, holder);
    if (Date.now() - started > TRY_FOR_MS) {
      throw new Error(`Could not take the embedded database's lock in ${dir}: other processes kept taking it for ${TRY_FOR_MS / 1000} s.`);
    }
    if (!live) takeOver(dir, file, holderText); // else one being written: wait for its pid
  }
  const release = () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  process.once("exit", release);
  return release;
}
