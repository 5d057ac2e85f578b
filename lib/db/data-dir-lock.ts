// The embedded database may be opened by one process only (two would corrupt it). A lock
// file holding the owner's pid guards the folder. It is written whole under a name of its own
// and then linked into place, which fails where a lock exists: of processes starting together
// one wins, and no process ever reads a lock not yet written. A lock left by a dead process is
// taken over, and taking over is itself claimed the same way: the one process whose claim is
// linked removes the lock if it still names the dead pid, and then all compete to create it
// afresh. One that read the same dead pid and claims later finds the lock gone or another's.
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

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

function removeIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (err) {
    if (code(err) !== "ENOENT") throw err;
  }
}

/** Creates `file` holding this process's pid unless it exists; whether it did. */
function createOnly(file: string): boolean {
  const own = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
  writeFileSync(own, String(process.pid), { flag: "wx" });
  try {
    linkSync(own, file);
    return true;
  } catch (err) {
    if (code(err) === "EEXIST") return false;
    // A file system without hard links: created in place (a reader may then find it empty for an instant).
    if (code(err) === "EPERM" || code(err) === "ENOTSUP" || code(err) === "ENOSYS") return createInPlace(file);
    throw err;
  } finally {
    removeIfPresent(own);
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
    const claimant = Number(readOrNull(claim));
    if (claimant && claimant !== process.pid && alive(claimant)) return; // it removes the lock; we compete to create it
    removeIfPresent(claim); // left by a process that died while taking over
    return;
  }
  try {
    if (readOrNull(file) === holderText) removeIfPresent(file);
  } finally {
    removeIfPresent(claim);
  }
}

export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "mailroom.lock");
  for (let attempt = 0; ; attempt++) {
    if (createOnly(file)) break;
    const holderText = readOrNull(file);
    if (holderText === null) continue; // released or taken over meanwhile: compete again
    const holder = Number(holderText);
    if (holder === process.pid) break; // this process's, or left by a dead one that had its pid
    if (holder && alive(holder)) throw inUse(dir, holder);
    // Many rounds only while other processes keep taking the lock and dying, or their claims race.
    if (attempt >= 20) throw new Error(`Could not take the embedded database's lock in ${dir}: other processes keep taking it.`);
    takeOver(dir, file, holderText);
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
