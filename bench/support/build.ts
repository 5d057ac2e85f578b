// `npm run bench` and `npm run soak` measure a production build: they build first (into
// NEXT_DIST_DIR, else .next) unless BENCH_SKIP_BUILD=1 says the build there is current.
import { spawnSync } from "node:child_process";

export function buildUnlessSkipped() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
