// `npm run dev` as a newcomer meets it: writes to the embedded database (kept outside the project
// folder the dev server watches, in the user's data folder) must never make the dev server rebuild
// or the open dashboard reload, neither on the first start nor after a restart on the same
// database (Turbopack's cache on disk, now off, once kept every page reloading then); and a
// webhook endpoint on this machine (http://127.0.0.1:<port>/hook) is accepted out of the box, as
// the console says at start.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleMessage, Frame, Page, Request } from "playwright-core";
import { startDevServer, type DevServer } from "../../helpers/dev-server";
import { launchBrowser, signInThroughForm } from "../../e2e/browser";
import { startReceiver, type Receiver } from "../../helpers/webhook-receiver";

const OWNER = { email: "owner@example.test", password: "correct horse battery" };
/** What the dev server prints when it rebuilds, and what the browser logs when it applies one. */
const REBUILD_OUTPUT = /Fast Refresh|rebuil|Compiled in|reload|Slow filesystem/i;

const ENV = { BOOTSTRAP_ADMIN_EMAIL: OWNER.email, BOOTSTRAP_ADMIN_PASSWORD: OWNER.password };
let dev: DevServer;
let page: Page;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: Receiver;
/** Every message the dev server's HMR socket sent the page, timestamped (shown when a check fails). */
const hmrFrames: string[] = [];

/** Creates a webhook endpoint with the page's session (its cookies and origin), as the dashboard's
 * dialog does; sent beside the page, so a reload of the page cannot interrupt it. */
async function createEndpoint(page: Page, url: string) {
  const res = await page.request.post(`${dev.baseUrl}/api/v1/webhook-endpoints`, { data: { url }, headers: { origin: dev.baseUrl } });
  return { status: res.status(), body: await res.text() };
}

/** What the dev server prints when it compiles a route on its first request. */
const FIRST_COMPILE_OUTPUT = /Compiling/;
const QUIET_MS = 8000;

/**
 * Waits until the dev server has compiled what the open page asks for on its first visit (next dev
 * compiles each route on its first request, and the page's client applies the result as a Fast
 * Refresh): until neither a compile line nor a Fast Refresh has been seen for QUIET_MS. That is the
 * state a person works in; whatever the writes that follow cause is theirs alone.
 */
async function settle() {
  let last = Date.now();
  const onConsole = (m: ConsoleMessage) => {
    if (/Fast Refresh|reload/i.test(m.text())) last = Date.now();
  };
  const onNavigation = (frame: Frame) => {
    if (frame === page.mainFrame()) last = Date.now();
  };
  page.on("console", onConsole);
  page.on("framenavigated", onNavigation);
  let seen = dev.output().length;
  const deadline = Date.now() + 180_000;
  try {
    while (Date.now() - last < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`the dev server did not settle within 180 s:\n${dev.output().slice(-2000)}`);
      await page.waitForTimeout(500);
      const output = dev.output();
      if (FIRST_COMPILE_OUTPUT.test(output.slice(seen))) last = Date.now();
      seen = output.length;
    }
  } finally {
    page.off("console", onConsole);
    page.off("framenavigated", onNavigation);
  }
}

/**
 * Writes to the embedded database from the open page (webhook endpoints, as the dashboard's dialog
 * creates them) after one first write that may compile its route, once the page has settled, and
 * reports what followed.
 */
async function writeAndWatch(label: string) {
  const first = await createEndpoint(page, receiver.url(`/${label}`));
  expect(first.status, first.body).toBe(201);
  expect(JSON.parse(first.body).data.url).toBe(receiver.url(`/${label}`));
  await settle();

  const started = Date.now();
  const navigations: string[] = [];
  const refreshes: string[] = [];
  const onNavigation = (frame: Frame) => {
    if (frame === page.mainFrame()) navigations.push(`+${Date.now() - started} ms ${frame.url()}`);
  };
  const logs: string[] = [];
  const framesBefore = hmrFrames.length;
  const onConsole = (m: ConsoleMessage) => {
    logs.push(`+${Date.now() - started} ms ${m.text()}`);
    if (/Fast Refresh|reload/i.test(m.text())) refreshes.push(m.text());
  };
  const onRequest = (r: Request) => {
    if (r.url().includes("_rsc=")) refreshes.push(`RSC ${r.url()}`);
  };
  page.on("framenavigated", onNavigation);
  page.on("console", onConsole);
  page.on("request", onRequest);
  const outputBefore = dev.output().length;
  for (let i = 0; i < 4; i++) {
    const res = await createEndpoint(page, receiver.url(`/${label}-${i}`));
    expect(res.status, res.body).toBe(201);
    await page.waitForTimeout(750);
  }
  await page.waitForTimeout(4000);
  page.off("framenavigated", onNavigation);
  page.off("console", onConsole);
  page.off("request", onRequest);
  const output = dev.output().slice(outputBefore);
  const rebuildLines = output.split("\n").filter((l) => REBUILD_OUTPUT.test(l));
  return {
    navigations,
    refreshes,
    rebuildLines,
    output: `${output}\nthe page logged:\n${logs.join("\n")}\nHMR frames:\n${hmrFrames.slice(framesBefore).join("\n")}`,
  };
}

describe("npm run dev", () => {
  beforeAll(async () => {
    [dev, browser, receiver] = await Promise.all([startDevServer({ env: ENV }), launchBrowser(), startReceiver()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await dev?.close();
  });

  it("keeps the embedded database outside the project folder it watches, and says where", () => {
    expect(dev.output()).toContain(`Mailroom: embedded database in ${dev.dataDir}`);
    expect(path.relative(process.cwd(), dev.dataDir).startsWith(".."), dev.dataDir).toBe(true);
    expect(existsSync(path.join(dev.dataDir, "pglite", "PG_VERSION"))).toBe(true);
  });

  it("says at start that webhooks to this machine are allowed, and how to turn that off", () => {
    expect(dev.output()).toContain("Mailroom (development): webhook endpoints may use http and local or private addresses");
    expect(dev.output()).toContain("ALLOW_PRIVATE_WEBHOOK_URLS=false");
  });

  it("lets next dev apply hot updates (its runtime evaluates them), which production's policy never allows", async () => {
    const policy = (await fetch(`${dev.baseUrl}/sign-in`)).headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src [^;]*'unsafe-eval'/);
  });

  it("neither rebuilds nor reloads the open dashboard when the embedded database is written to", async () => {
    page = await browser.context.newPage();
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => hmrFrames.push(`${new Date().toISOString()} ${String(payload).slice(0, 300)}`)),
    );
    // next dev compiles each page on its first request: slow on a small machine.
    page.setDefaultTimeout(240_000);
    await signInThroughForm(page, dev.baseUrl, OWNER.email, OWNER.password);
    await page.waitForLoadState("networkidle");
    const seen = await writeAndWatch("hook");
    expect(seen.navigations, `full reloads after writes; the dev server printed:\n${seen.output}`).toEqual([]);
    expect(seen.refreshes, "Fast Refresh / server component refreshes after writes").toEqual([]);
    expect(seen.rebuildLines, "rebuild lines in the dev server's output").toEqual([]);
  }, 300_000);

  it("nor after a restart of npm run dev on the same database: the open page reconnects, and the page opened then stays put", async () => {
    const { dataHome, port } = dev;
    const reconnected = page.waitForEvent("console", { predicate: (m) => m.text().includes("[HMR] connected"), timeout: 240_000 });
    await dev.close({ keepData: true });
    dev = await startDevServer({ env: ENV, reuse: { dataHome, port } });
    await reconnected;
    // A page the earlier server served may reload once or twice as it catches up with the new one
    // (Next's own doing, whatever the database does); the report was of a page opened after the
    // restart reloading four times a second for as long as the server ran. So open one, as the
    // report did (the webhooks page), and it must stay put while the database is written to.
    await page.goto(`${dev.baseUrl}/webhooks`);
    await page.getByRole("main").waitFor();
    const seen = await writeAndWatch("after-restart");
    expect(page.url()).toBe(`${dev.baseUrl}/webhooks`);
    expect(seen.navigations, `full reloads after writes; the dev server printed:\n${seen.output}`).toEqual([]);
    expect(seen.refreshes, "Fast Refresh / server component refreshes after writes").toEqual([]);
    expect(seen.rebuildLines, "rebuild lines in the dev server's output").toEqual([]);
    await page.getByRole("main").waitFor();
  }, 300_000);
});
