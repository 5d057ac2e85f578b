// The embedded database's folder lock, raced by real processes: of servers started together on
// one folder exactly one may hold it, whether the folder had no lock or one left by a dead process.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "@/lib/db/data-dir-lock";

const LOCK_MODULE = path.resolve("lib/db/data-dir-lock.ts");
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Contender {
  pid: number;
  /** "held", or "refused: " and the error. */
  answer: Promise<string>;
  exited: Promise<void>;
}

/** A process that loads the lock module, waits for `startAt`, takes the lock, answers and holds it (alive) for a while. */
function contender(dir: string, startAt: number): Contender {
  const code = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    while (Date.now() < ${startAt});
    let answer;
    try { lockDataDir(${JSON.stringify(dir)}); answer = "held"; } catch (err) { answer = "refused: " + err.message; }
    process.stdout.write(answer);
    setTimeout(() => process.exit(0), 1500);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "pipe"] });
  let err = "";
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (status) => (status === 0 ? resolve() : reject(new Error(`contender exited ${status}: ${err}`))));
  });
  const answer = new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(d.toString()));
    exited.then(() => reject(new Error("contender exited without an answer")), reject);
  });
  return { pid: child.pid ?? 0, answer, exited };
}

describe("the embedded database's folder lock", () => {
  it.each([
    ["no lock", null],
    ["a lock left by a dead process", "999999999"],
    ["an empty lock a minute old (a process that died while writing it)", ""],
    ["a lock naming no process (-1)", "-1"],
  ])(
    "is held by exactly one of several processes starting together on a folder with %s",
    async (_, left) => {
      for (let round = 0; round < 2; round++) {
        const dir = mkdtempSync(path.join(tmpdir(), "mailroom-lock-race-"));
        dirs.push(dir);
        if (left !== null) {
          writeFileSync(path.join(dir, "mailroom.lock"), left);
          const aMinuteAgo = new Date(Date.now() - 60_000);
          utimesSync(path.join(dir, "mailroom.lock"), aMinuteAgo, aMinuteAgo);
        }
        // Long enough for every contender to load tsx and the module before the start.
        const startAt = Date.now() + 3000;
        const contenders = Array.from({ length: 6 }, () => contender(dir, startAt));
        const answers = await Promise.all(contenders.map((c) => c.answer));
        const holders = contenders.filter((_, i) => answers[i] === "held");
        expect(holders.length, answers.join("\n")).toBe(1);
        for (const a of answers.filter((a) => a !== "held")) expect(a).toMatch(/in use by process \d+/);
        // While they live (1.5 s), the lock names the one that holds it, and nothing else is left
        // in the folder (no claim, no contender's own file); once it exits the lock is gone too.
        expect(readFileSync(path.join(dir, "mailroom.lock"), "utf8")).toBe(String(holders[0].pid));
        expect(readdirSync(dir)).toEqual(["mailroom.lock"]);
        await Promise.all(contenders.map((c) => c.exited));
        expect(readdirSync(dir)).toEqual([]);
      }
    },
    60_000,
  );

  it("waits for a lock still being written (a file system without hard links writes it in place) and is refused by its writer", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mailroom-lock-young-"));
    dirs.push(dir);
    const file = path.join(dir, "mailroom.lock");
    writeFileSync(file, "");
    // Its writer, alive, puts its pid in a second later.
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `setTimeout(() => require("fs").writeFileSync(${JSON.stringify(file)}, String(process.pid)), 1000); setTimeout(() => {}, 8000)`,
      ],
      { stdio: "ignore" },
    );
    try {
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${writer.pid}`));
    } finally {
      writer.kill();
    }
  });

  it("takes over a lock naming a thread of a live process, which is no process of its own", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mailroom-lock-thread-"));
    dirs.push(dir);
    // One of this process's own threads (libuv's and V8's): signal 0 answers for it as for a process.
    const thread = readdirSync("/proc/self/task").find((tid) => Number(tid) !== process.pid);
    expect(thread).toBeDefined();
    writeFileSync(path.join(dir, "mailroom.lock"), thread!);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "mailroom.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
