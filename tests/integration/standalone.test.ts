// The self-hosted server (docs/self-hosting.md): `npm run build` leaves a standalone folder
// that runs with `node serve.mjs server.js` (or `node server.js`) and nothing else. Run in place, and from a copy outside the
// checkout (what the Docker image does: there, no node_modules up the tree can stand in for
// a file the folder lacks), on PostgreSQL and on the embedded database. Each run signs in,
// creates a key, sends in test mode, reads the timeline, renders a dashboard page with its
// stylesheet from /_next/static, and stops on SIGTERM.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readMigrations } from "@/lib/db/migrate";
import { createDatabase } from "../helpers/database";
import { call } from "../helpers/http";
import { signInOrThrow } from "../helpers/sign-in";
import { standaloneDir, startServer, type RunningServer } from "../helpers/server";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let copy: string;
beforeAll(() => {
  if (!existsSync(path.join(standaloneDir(), "server.js")))
    throw new Error(`No ${standaloneDir()}/server.js: run \`npm run build\` first.`);
  copy = path.join(mkdtempSync(path.join(tmpdir(), "mailroom-standalone-")), "app");
  cpSync(standaloneDir(), copy, { recursive: true, verbatimSymlinks: true });
  cleanups.push(() => rmSync(path.dirname(copy), { recursive: true, force: true }));
});

/** The server environment of the run, with this test's database (none: the embedded one). */
async function envWith(database: "postgres" | "embedded") {
  const env = { ...inject("serverEnv") };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (database === "postgres") {
    const db = await createDatabase("mailroom_standalone");
    cleanups.push(db.drop);
    env.DATABASE_URL = db.url;
  }
  return env;
}

async function start(dir: string, env: Record<string, string>) {
  const server = await startServer(env, { standalone: dir });
  cleanups.push(() => server.stop("SIGKILL"));
  return server;
}

/** The product's main path over HTTP against one running standalone server. */
async function exercise(server: RunningServer) {
  const base = server.url;
  expect((await call("/api/health", { base })).body).toMatchObject({ status: "ok", database: "ok" });
  expect(server.output()).toMatch(/migrations applied/);

  const cookie = await signInOrThrow(inject("ownerEmail"), inject("ownerPassword"), base);
  const key = await call("/api/api-keys", {
    base,
    cookie,
    body: { name: "standalone", scopes: ["email:send", "analytics:read", "org:read"] },
  });
  expect(key.status).toBe(201);
  expect((await call("/api/v1/organization", { base, key: key.body.key })).status).toBe(200);

  // A new organization is in test mode: the recipient goes on a test list, the demo provider sends.
  expect(
    (await call("/api/safety/test-lists", { base, cookie, body: { name: "team", emails: ["dev@example.test"] } })).status,
  ).toBeLessThan(300);
  const sent = await call("/api/v1/email/send", {
    base,
    key: key.body.key,
    body: { to: "dev@example.test", subject: "From the standalone server", text: "Hello" },
  });
  expect(sent.status).toBe(200);
  expect(sent.body.data).toMatchObject({ status: "sent", provider: "demo" });
  const timeline = await call(`/api/v1/analytics/messages/${sent.body.data.id}`, { base, key: key.body.key });
  expect(timeline.status).toBe(200);
  expect(timeline.body.data.message).toMatchObject({ id: sent.body.data.id, subject: "From the standalone server" });
  expect(timeline.body.data.events.map((e: { type: string }) => e.type)).toContain("email.sent");

  // A dashboard page renders, and the stylesheet it links is served from /_next/static.
  const page = await fetch(`${base}/messages`, { headers: { cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  const stylesheets = [...html.matchAll(/<link[^>]+href="(\/_next\/static\/[^"]+\.css)"/g)].map((m) => m[1]);
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const href of stylesheets) {
    const css = await fetch(`${base}${href}`);
    expect(css.status, href).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/text\/css/);
    expect((await css.text()).length).toBeGreaterThan(100);
  }
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  expect((await fetch(`${base}${script}`)).status).toBe(200);
}

/** SIGTERM, as `docker stop` sends it: the process ends by itself, through Next's handler. */
async function stopCleanly(server: RunningServer) {
  await server.stop("SIGTERM");
  const { code, signal } = await server.exited;
  expect(signal).toBeNull(); // not killed: it exited on its own
  expect(code).toBe(143); // Next's SIGTERM handler exits 128 + 15
  expect(server.output()).not.toMatch(/uncaughtException|unhandledRejection|Error: Cannot find module/);
}

describe("standalone folder", () => {
  it("holds every migration and the browser assets, so it runs as is", () => {
    const shipped = readdirSync(path.join(standaloneDir(), "prisma", "migrations")).filter((n) =>
      existsSync(path.join(standaloneDir(), "prisma", "migrations", n, "migration.sql")),
    );
    expect(shipped.sort()).toEqual(readMigrations().map((m) => m.name));
    const distDir = process.env.NEXT_DIST_DIR ?? ".next";
    expect(readdirSync(path.join(standaloneDir(), distDir, "static"))).toEqual(readdirSync(path.join(distDir, "static")));
    expect(existsSync(path.join(standaloneDir(), "node_modules", "next", "package.json"))).toBe(true);
  });
});

describe("node serve.mjs server.js", () => {
  it("runs in place on PostgreSQL", async () => {
    const server = await start(standaloneDir(), await envWith("postgres"));
    await exercise(server);
    await stopCleanly(server);
  });

  it("runs from a copy outside the checkout on PostgreSQL with two server processes, as in the Docker image", async () => {
    const server = await start(copy, { ...(await envWith("postgres")), WEB_CONCURRENCY: "2" });
    await exercise(server);
    expect(server.output()).toContain("Mailroom: 2 server processes (WEB_CONCURRENCY).");
    await stopCleanly(server);
  });

  it("runs from the copy on the embedded database, keeping the .data beside server.js an earlier version made", async () => {
    // Without DATA_DIR a production server keeps using an existing .data/ where it is (lib/config/data-dir.ts).
    mkdirSync(path.join(copy, ".data"), { recursive: true });
    const server = await start(copy, { ...(await envWith("embedded")), WEB_CONCURRENCY: "2" });
    await exercise(server);
    // One process may open the embedded database.
    expect(server.output()).toContain("WEB_CONCURRENCY=2 is ignored: the embedded database runs one server process.");
    expect(existsSync(path.join(copy, ".data", "pglite", "PG_VERSION"))).toBe(true);
    await stopCleanly(server);
  });
});
