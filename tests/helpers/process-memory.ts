// A server process's memory as the kernel reports it, for tests that bound it: resident memory
// (VmRSS) and its high-water mark (VmHWM), summed over the process and its descendants.
import { readFileSync } from "node:fs";

/** A field of /proc/<pid>/status in bytes (0 once the process is gone). */
function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The process and its descendants (`next start` may serve from a child). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean))
      children.push(Number(task));
  } catch {
    children = [];
  }
  return [pid, ...children.flatMap(processTree)];
}

export const treeRss = (pid: number) => processTree(pid).reduce((sum, p) => sum + statusBytes(p, "VmRSS"), 0);
export const treeHwm = (pid: number) => processTree(pid).reduce((sum, p) => sum + statusBytes(p, "VmHWM"), 0);
