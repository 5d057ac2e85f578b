// The embedded database's default folder is outside the project (the dev server watches the
// project folder), one per checkout; a `.data/` an earlier version left in the project is moved
// there under the dev server and kept where it is by a production server.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultDataDir, readyDataDir } from "@/lib/config/data-dir";

const root = mkdtempSync(path.join(tmpdir(), "mailroom-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const linux = (cwd: string, vars: Record<string, string> = {}) => ({ cwd, platform: "linux" as const, home: "/home/ada", vars });

describe("the default data folder", () => {
  it("is in the user's data folder, outside the project, named after the checkout", () => {
    const dir = defaultDataDir(linux("/home/ada/code/mailroom"));
    expect(dir).toMatch(/^\/home\/ada\/\.local\/share\/mailroom\/mailroom-[0-9a-f]{10}$/);
    expect(path.relative("/home/ada/code/mailroom", dir).startsWith("..")).toBe(true);
  });

  it("follows XDG_DATA_HOME, macOS and Windows conventions", () => {
    expect(defaultDataDir(linux("/srv/app", { XDG_DATA_HOME: "/data/ada" }))).toMatch(/^\/data\/ada\/mailroom\/app-/);
    expect(defaultDataDir({ cwd: "/Users/ada/mailroom", platform: "darwin", home: "/Users/ada", vars: {} })).toMatch(
      /^\/Users\/ada\/Library\/Application Support\/mailroom\/mailroom-/,
    );
    // A relative XDG_DATA_HOME is invalid by the specification: ignored.
    expect(defaultDataDir(linux("/srv/app", { XDG_DATA_HOME: "data" }))).toMatch(/^\/home\/ada\/\.local\/share\/mailroom\/app-/);
  });

  it("differs between two checkouts of the same name", () => {
    expect(defaultDataDir(linux("/home/ada/a/mailroom"))).not.toBe(defaultDataDir(linux("/home/ada/b/mailroom")));
  });
});

describe("a .data/ left in the project", () => {
  function project(name: string) {
    const cwd = path.join(root, name);
    mkdirSync(path.join(cwd, ".data", "pglite"), { recursive: true });
    writeFileSync(path.join(cwd, ".data", "auth-secret"), "kept\n");
    return { cwd, target: path.join(root, `${name}-home`, "mailroom", "x") };
  }

  it("is moved to the default folder under the dev server, secrets and database alike", () => {
    const { cwd, target } = project("dev");
    expect(readyDataDir(target, { explicit: false, development: true }, linux(cwd))).toBe(target);
    expect(existsSync(path.join(cwd, ".data"))).toBe(false);
    expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("kept\n");
    expect(existsSync(path.join(target, "pglite"))).toBe(true);
  });

  it("stays in use where it is for a production server", () => {
    const { cwd, target } = project("prod");
    expect(readyDataDir(target, { explicit: false, development: false }, linux(cwd))).toBe(path.join(cwd, ".data"));
    expect(existsSync(target)).toBe(false);
  });

  it("is left alone when DATA_DIR names a folder", () => {
    const { cwd, target } = project("explicit");
    expect(readyDataDir(target, { explicit: true, development: true }, linux(cwd))).toBe(target);
    expect(existsSync(path.join(cwd, ".data", "auth-secret"))).toBe(true);
  });

  it("does not replace a default folder that already exists", () => {
    const { cwd, target } = project("both");
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, "auth-secret"), "newer\n");
    expect(readyDataDir(target, { explicit: false, development: true }, linux(cwd))).toBe(target);
    expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("newer\n");
  });
});
