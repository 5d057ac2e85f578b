// Where the embedded database and the generated local secrets live when DATA_DIR is unset: in
// the user's data folder, one folder per checkout, never inside the project. The dev server
// watches the project folder, and the embedded database writes its files (the write-ahead log
// above all) many times a second: inside the project, those writes reach the watcher (on macOS
// as FSEvents rescans of the whole tree, which Turbopack answers by rebuilding and reloading
// every open page). Turbopack ignores only its own build folder and has no setting to ignore
// another, so the only sure way is to keep the database out of the tree it watches.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";

/** The folder the old default put everything in: `.data/` in the project. */
export const LEGACY_DATA_DIR = ".data";

interface Where {
  cwd: string;
  platform: NodeJS.Platform;
  home: string;
  vars: Record<string, string | undefined>;
}

const here = (): Where => ({ cwd: process.cwd(), platform: process.platform, home: homedir(), vars: process.env });

/** The per-user data folder of the platform (XDG on Linux, Application Support on macOS, LOCALAPPDATA on Windows). */
function userDataHome({ platform, home, vars }: Where): string {
  if (vars.XDG_DATA_HOME && path.isAbsolute(vars.XDG_DATA_HOME)) return vars.XDG_DATA_HOME;
  if (platform === "darwin") return path.join(home, "Library", "Application Support");
  if (platform === "win32") return vars.LOCALAPPDATA ?? path.join(home, "AppData", "Local");
  return path.join(home, ".local", "share");
}

/**
 * `<user data folder>/mailroom/<project folder name>-<hash of its path>`: two checkouts never
 * share a database, and the name says which checkout a folder belongs to.
 */
export function defaultDataDir(where: Where = here()): string {
  const project = path.resolve(where.cwd);
  const slug =
    path
      .basename(project)
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .slice(0, 40) || "project";
  const hash = createHash("sha256").update(project).digest("hex").slice(0, 10);
  return path.join(userDataHome(where), "mailroom", `${slug}-${hash}`);
}

/** Per configured folder, the folder in use (decided once per process). */
const inUse = new Map<string, string>();

/**
 * The data folder, ready to use. With DATA_DIR unset and a `.data/` left in the project by an
 * earlier version: under the dev server, that folder is moved to the new place once (a rename:
 * the same files, nothing copied), or, where it cannot be moved (another disk), stays in use with
 * a console line saying how to move it by hand; a production server keeps using it where it is.
 */
export function readyDataDir(dataDir: string, opts: { explicit: boolean; development: boolean }, where: Where = here()): string {
  if (opts.explicit) return dataDir;
  const decided = inUse.get(dataDir);
  if (decided) return decided;
  const legacy = path.resolve(where.cwd, /*turbopackIgnore: true*/ LEGACY_DATA_DIR);
  if (existsSync(/*turbopackIgnore: true*/ legacy) && !existsSync(/*turbopackIgnore: true*/ dataDir)) {
    // Nothing watches a production server's folder: an existing .data/ there simply stays in use.
    if (!opts.development) {
      inUse.set(dataDir, legacy);
      return legacy;
    }
    try {
      mkdirSync(path.dirname(dataDir), { recursive: true });
      renameSync(/*turbopackIgnore: true*/ legacy, dataDir);
      console.log(
        `  Mailroom moved its embedded database and local secrets from ${legacy} to ${dataDir} (out of the folder the dev server watches).`,
      );
    } catch (err) {
      // Another process of this checkout may have moved it first.
      if (!existsSync(/*turbopackIgnore: true*/ dataDir)) {
        console.warn(
          `  Mailroom keeps using ${legacy} (${(err as Error).message}). Inside the project, the dev server sees its writes; ` +
            `stop the server and move it: mv "${legacy}" "${dataDir}"`,
        );
        inUse.set(dataDir, legacy);
        return legacy;
      }
    }
  }
  inUse.set(dataDir, dataDir);
  return dataDir;
}
