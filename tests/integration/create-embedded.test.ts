// A new embedded database's cluster is created by a child process, so the memory PGlite grows
// to for it (several hundred MiB of WebAssembly memory, never given back) is not the server's.
import { afterAll, describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmbeddedCluster, makeClusterInChild } from "@/lib/db/create-embedded";
import { openEmbedded } from "@/lib/db/client";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mailroom-create-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const MiB = 1024 * 1024;
const cmdline = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

describe("createEmbeddedCluster", () => {
  it("creates the cluster outside this process, which then opens it; an existing cluster is left as it is", async () => {
    const dataDir = tempDir();
    const before = process.memoryUsage.rss();
    expect(await createEmbeddedCluster(dataDir)).toBe(true);
    // Created in this process, the cluster took it some 300 to 600 MiB up (bench/README.md).
    expect((process.memoryUsage.rss() - before) / MiB).toBeLessThan(100);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    // The folder is this process's from the start: another would be refused.
    expect(readFileSync(path.join(dataDir, "mailroom.lock"), "utf8")).toBe(String(process.pid));

    const handle = openEmbedded(dataDir);
    if (handle.kind !== "embedded") throw new Error("expected the embedded database");
    await handle.pglite.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('here')");
    await handle.pglite.close();

    expect(await createEmbeddedCluster(dataDir)).toBe(false);
    const again = openEmbedded(dataDir);
    if (again.kind !== "embedded") throw new Error("expected the embedded database");
    expect((await again.pglite.query<{ v: string }>("SELECT v FROM kept")).rows).toEqual([{ v: "here" }]);
    await again.pglite.close();
    again.release();
    expect(existsSync(path.join(dataDir, "mailroom.lock"))).toBe(false);
  }, 120_000);

  it("fails with the child's reason and the cluster's folder when the child cannot make it", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "file"), "not a folder");
    await expect(makeClusterInChild(path.join(dataDir, "file", "staging"), "/the/cluster")).rejects.toThrow(
      "Creating the embedded database in /the/cluster failed (exit code 1):\n",
    );
  }, 120_000);

  it("keeps aside a cluster folder that holds files but no cluster, and makes a new one", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "pglite"));
    writeFileSync(path.join(dataDir, "pglite", "base"), "left by a start cut short");
    expect(await createEmbeddedCluster(dataDir)).toBe(true);
    const aside = readdirSync(dataDir).filter((name) => name.startsWith("pglite.incomplete-"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(dataDir, aside[0], "base"), "utf8")).toBe("left by a start cut short");
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    const handle = openEmbedded(dataDir);
    if (handle.kind !== "embedded") throw new Error("expected the embedded database");
    await handle.pglite.close();
    handle.release();
  }, 120_000);

  it("makes the cluster beside its place and moves it in whole, removing what a start cut short left", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "pglite")); // empty, as openEmbedded leaves it
    mkdirSync(path.join(dataDir, "pglite.new-999999"));
    writeFileSync(path.join(dataDir, "pglite.new-999999", "PG_VERSION"), "15");
    expect(await createEmbeddedCluster(dataDir)).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(["mailroom.lock", "pglite"]);
    const handle = openEmbedded(dataDir);
    if (handle.kind !== "embedded") throw new Error("expected the embedded database");
    expect((await handle.pglite.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    await handle.pglite.close();
    handle.release();
  }, 120_000);

  it("ends the child with the server that started it, so it never writes on into a folder another server takes", async () => {
    const dataDir = tempDir();
    // A server killed while its cluster is being made, as an out-of-memory kill would: tsx runs
    // the module as the server does (tsconfig.json maps its imports).
    const server = spawn(
      "npx",
      [
        "tsx",
        "-e",
        `import { createEmbeddedCluster, makeClusterInChild } from "@/lib/db/create-embedded"; void createEmbeddedCluster(${JSON.stringify(dataDir)});`,
      ],
      { cwd: process.cwd(), stdio: "ignore" },
    );
    const partial = () => readdirSync(dataDir).find((name) => name.startsWith("pglite.new-"));
    const child = () =>
      readdirSync("/proc").find((pid) => /^\d+$/.test(pid) && cmdline(pid).includes(dataDir) && cmdline(pid).includes("PGlite"));
    // Killed as soon as the child is there, while it loads PGlite: once initdb runs it cannot stop.
    const deadline = Date.now() + 60_000;
    while (!child() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const childPid = child();
    expect(childPid).toBeDefined();
    // npx and tsx run the module in a process of their own: the one that started the child.
    const serverPid = Number(readFileSync(`/proc/${childPid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
    process.kill(serverPid, "SIGKILL");
    const gone = Date.now() + 10_000;
    while (child() && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
    expect(child()).toBeUndefined();
    server.kill();
    // Ended before it finished: a child left running would have written its cluster out.
    expect(existsSync(path.join(dataDir, partial() ?? "none", "PG_VERSION"))).toBe(false);
  }, 120_000);

  it("says so when the data folder's database folder cannot be made, before starting anything", async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, "pglite"), "not a folder");
    await expect(createEmbeddedCluster(dataDir)).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(existsSync(path.join(dataDir, "mailroom.lock"))).toBe(false);
  });

  it("is refused while another live process holds the folder", async () => {
    const dataDir = tempDir();
    mkdirSync(path.join(dataDir, "pglite"));
    writeFileSync(path.join(dataDir, "mailroom.lock"), String(process.ppid));
    await expect(createEmbeddedCluster(dataDir)).rejects.toThrow(`is in use by process ${process.ppid}`);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
  });
});
