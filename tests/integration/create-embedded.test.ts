// A new embedded database's cluster is created by a child process, so the memory PGlite grows
// to for it (several hundred MiB of WebAssembly memory, never given back) is not the server's.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmbeddedCluster } from "@/lib/db/create-embedded";
import { openEmbedded } from "@/lib/db/client";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mailroom-create-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const MiB = 1024 * 1024;

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
  });

  it("fails with the child's reason and the folder's name when the cluster cannot be made, and lets the folder go", async () => {
    const dataDir = tempDir();
    // PostgreSQL's own folder for the databases is a file: initdb cannot make it.
    mkdirSync(path.join(dataDir, "pglite"));
    writeFileSync(path.join(dataDir, "pglite", "base"), "not a folder");
    await expect(createEmbeddedCluster(dataDir)).rejects.toThrow(
      `Creating the embedded database in ${path.join(dataDir, "pglite")} failed (exit code 1):\nErrnoError`,
    );
    expect(existsSync(path.join(dataDir, "mailroom.lock"))).toBe(false);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(false);
  });

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
