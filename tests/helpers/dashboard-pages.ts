// The dashboard's pages as the file system holds them (app/(dashboard)/**/page.tsx).
import { readdirSync } from "node:fs";
import path from "node:path";

const root = path.join(process.cwd(), "app", "(dashboard)");

/** Each page's file, relative to the project. */
export function dashboardPageFiles(): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => path.relative(process.cwd(), path.join(root, file)))
    .sort();
}

/** Each page's URL path, with a made-up id for each [param]. */
export function dashboardPagePaths(): string[] {
  return dashboardPageFiles().map((file) => {
    const parts = path.relative(root, path.dirname(file)).split(path.sep).filter(Boolean);
    return `/${parts.map((part) => (part.startsWith("[") ? "00000000-0000-4000-8000-000000000000" : part)).join("/")}`;
  });
}
