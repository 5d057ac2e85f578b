// The Docker files cannot be built here (no Docker engine): checked against the code instead.
// Every variable docker-compose.yml hands the app is one the app reads; the secrets that a
// production start requires are required by compose too, with no default; the Inngest server
// and the app point at each other; the image runs the standalone folder `npm run build`
// completes (the folder standalone.test.ts runs from a copy) on the port it exposes.
import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  profiles?: string[];
  depends_on?: Record<string, unknown>;
  stop_grace_period?: string;
}
const compose = parse(readFileSync("docker-compose.yml", "utf8")) as { services: Record<string, Service> };
const dockerfile = readFileSync("Dockerfile", "utf8");
const app = compose.services.app;

/** The variables lib/env.ts validates (the keys of its zod object). */
function configVariables(): Set<string> {
  const source = readFileSync("lib/env.ts", "utf8");
  const schema = source.slice(source.indexOf("const envSchema = z.object({"), source.indexOf("});", source.indexOf("const envSchema")));
  return new Set([...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
}
// Read by Next's standalone server (PORT, HOSTNAME) and next-auth (NEXTAUTH_URL), not lib/env.ts.
const READ_ELSEWHERE = new Set(["PORT", "HOSTNAME", "NEXTAUTH_URL"]);

describe("docker-compose.yml", () => {
  it("passes the app only variables the app reads", () => {
    const known = configVariables();
    expect(known.has("DATABASE_URL") && known.has("INNGEST_SIGNING_KEY")).toBe(true); // the parse found the schema
    const unknown = Object.keys(app.environment ?? {}).filter((name) => !known.has(name) && !READ_ELSEWHERE.has(name));
    expect(unknown).toEqual([]);
  });

  it("requires the production secrets and the public address, with no default", () => {
    for (const name of ["AUTH_SECRET", "ENCRYPTION_KEY", "APP_URL"]) {
      expect(app.environment?.[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?[^}]+\\}$`));
    }
    expect(app.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(app.environment?.DATABASE_URL).toContain("${POSTGRES_PASSWORD:?");
    expect(compose.services.postgres.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    expect(Object.keys(app.depends_on ?? {})).toEqual(["postgres"]);
  });

  it("gives a stopping app longer than its own shutdown wait before Docker kills it", () => {
    const wait = /SHUTDOWN_TIMEOUT_SECONDS: z[^\n]*\.default\((\d+)\)/.exec(readFileSync("lib/env.ts", "utf8"))?.[1];
    expect(wait).toBeTruthy();
    expect(app.stop_grace_period).toMatch(/^\d+s$/);
    expect(parseInt(app.stop_grace_period!, 10)).toBeGreaterThan(Number(wait));
  });

  it("wires the optional Inngest server to the app's serve route, and Redis behind a profile", () => {
    const inngest = compose.services.inngest;
    expect(inngest.image).toMatch(/^inngest\/inngest/);
    expect(inngest.profiles).toEqual(["inngest"]);
    const command = inngest.command ?? [];
    expect(command.slice(0, 2)).toEqual(["inngest", "start"]);
    const sdkUrl = new URL(command[command.indexOf("--sdk-url") + 1]);
    expect(sdkUrl.hostname).toBe("app");
    expect(existsSync(`app${sdkUrl.pathname}/route.ts`)).toBe(true);
    expect(sdkUrl.port).toBe(/PORT=(\d+)/.exec(dockerfile)?.[1]); // the app's port inside the compose network
    expect(Object.keys(inngest.environment ?? {}).sort()).toEqual(["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]);
    // The app shares both keys with the server.
    for (const name of ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) expect(app.environment?.[name]).toBe(inngest.environment?.[name]);
    expect(compose.services.redis.profiles).toEqual(["redis"]);
  });
});

describe("Dockerfile", () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? "";

  it("installs from the lockfile and builds with npm run build, which completes the standalone folder", () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/RUN npm run build\n/);
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.build).toMatch(/next build && node scripts\/complete-standalone\.mjs$/);
  });

  it("runs the standalone folder alone, as an unprivileged user, on the port compose publishes", () => {
    expect(runtime.match(/^COPY .*$/gm)).toEqual(["COPY --from=build /app/.next/standalone ./"]);
    expect(runtime).toMatch(/chown mailroom:mailroom \/app\/\.data/);
    expect(runtime).toMatch(/^USER mailroom$/m);
    // The Node flags and launcher npm start uses, then the standalone server.
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    const flags = scripts.start.split(/\s+/).filter((a) => a.startsWith("--"));
    expect(scripts.start).toContain(" scripts/serve.mjs ");
    expect(runtime).toContain(`CMD ${JSON.stringify(["node", ...flags, "serve.mjs", "server.js"]).replaceAll(",", ", ")}`);
    expect(runtime).toMatch(/HOSTNAME=0\.0\.0\.0/);
    expect(runtime).toMatch(/PORT=3000/);
    expect(runtime).toMatch(/^EXPOSE 3000\b/m);
    expect(app.ports).toContain("127.0.0.1:3000:3000");
  });

  it("checks its health on a route that exists", () => {
    const route = /^HEALTHCHECK [^\n]*\n?[^\n]*'(\/api\/health[\w/]*)'/m.exec(runtime)?.[1];
    expect(route).toBeTruthy();
    expect(existsSync(`app${route}/route.ts`)).toBe(true);
  });

  it("leaves local state, builds and secrets out of the build context", () => {
    const ignored = readFileSync(".dockerignore", "utf8")
      .split("\n")
      .map((l) => l.trim());
    for (const entry of ["node_modules", ".next", ".next-*", ".data", ".env", ".git"]) expect(ignored).toContain(entry);
    for (const needed of ["prisma", "scripts", "app", "lib", "package.json", "package-lock.json"]) expect(ignored).not.toContain(needed);
  });
});
