// Run by `npm run build` after `next build`: makes <distDir>/standalone runnable as is with
// `node server.js`. Next leaves the browser assets out of it (a CDN may serve them) and its
// docs say to copy them in: <distDir>/static to <distDir>/standalone/<distDir>/static, and
// public/ to standalone/public. Migrations travel through outputFileTracingIncludes
// (next.config.mjs); this checks they arrived, so a build that lacks them fails here and not
// at a user's first start.
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

// The same rule as next.config.mjs.
const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const standalone = path.join(distDir, "standalone");

if (!existsSync(path.join(standalone, "server.js"))) {
  console.error(`No ${standalone}/server.js: is output "standalone" set in next.config.mjs?`);
  process.exit(1);
}

function copyInto(from, to) {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}

copyInto(path.join(distDir, "static"), path.join(standalone, distDir, "static"));
// Next copies .env files into the folder (and server.js loads them): secrets must not travel
// with a folder made to be copied elsewhere. Give the server its variables where it runs.
for (const name of readdirSync(standalone)) if (/^\.env/.test(name)) rmSync(path.join(standalone, name), { force: true });
if (existsSync("public")) copyInto("public", path.join(standalone, "public"));
// The launcher that runs server.js with WEB_CONCURRENCY processes (`node serve.mjs server.js`).
cpSync(path.join("scripts", "serve.mjs"), path.join(standalone, "serve.mjs"));

const missing = readdirSync(path.join("prisma", "migrations"))
  .map((name) => path.join("prisma", "migrations", name, "migration.sql"))
  .filter((file) => existsSync(file) && !existsSync(path.join(standalone, file)));
if (missing.length) {
  console.error(`Missing from ${standalone}: ${missing.join(", ")}; its server could not migrate its database.`);
  process.exit(1);
}
console.log(`Standalone server ready: cd ${standalone} && node serve.mjs server.js`);
