// The API as it is on disk: every route file under app/api and the methods it exports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface RouteFile {
  file: string;
  /** app/api/v1/projects/[id]/route.ts -> /api/v1/projects/{id}; [...path] -> {...path} */
  path: string;
  methods: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(path.join(dir, d.name)) : d.name === "route.ts" ? [path.join(dir, d.name)] : [],
  );
}

const EXPORTED = /export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b|export\s*\{([^}]*)\}/g;

export function routeFiles(root = "app/api"): RouteFile[] {
  return walk(root)
    .sort()
    .map((file) => {
      const rel = path.relative("app", path.dirname(file)).split(path.sep).join("/");
      const methods = new Set<string>();
      for (const m of readFileSync(file, "utf8").matchAll(EXPORTED)) {
        if (m[1]) methods.add(m[1]);
        for (const part of (m[2] ?? "").split(",")) {
          const as = /\bas\s+(GET|POST|PUT|PATCH|DELETE)\s*$/.exec(part.trim()) ?? /^(GET|POST|PUT|PATCH|DELETE)$/.exec(part.trim());
          if (as) methods.add(as[1]);
        }
      }
      return {
        file,
        path: "/" + rel.replace(/\[(\.\.\.)?(\w+)\]/g, (_m, dots: string | undefined, name: string) => `{${dots ?? ""}${name}}`),
        methods: [...methods].sort(),
      };
    });
}
