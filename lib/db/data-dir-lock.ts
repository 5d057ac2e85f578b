// The embedded database may be opened by one process only (two would corrupt it). A lock
// file holding the owner's pid guards the folder; a lock left by a dead process is taken over.
import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, "mailroom.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const holder = Number(readFileSync(file, "utf8"));
    if (holder && holder !== process.pid && alive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${holder}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
    writeFileSync(file, String(process.pid));
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
