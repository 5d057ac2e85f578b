// `npm run dev` as a newcomer meets it: writes to the embedded database (kept outside the project
// folder the dev server watches, in the user's data folder) must never make the dev server rebuild
// or the open dashboard reload,
// neither on the first start nor after a restart with the page left open (Turbopack then starts
// from its persistent cache); and a webhook endpoint on this machine (http://127.0.0.1:<port>/hook)
// is accepted out of the box, as the console says at start.
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

/** Creates a webhook endpoint with the page's session (its cookies and origin), as the dashboard's
 * dialog does; sent beside the page, so a reload of the page cannot interrupt it. */
async function createEndpoint(page: Page, url: string) {
  const res = await page.request.post(`${dev.baseUrl}/api/v1/webhook-endpoints`, { data: { url }, headers: { origin: dev.baseUrl } });
  return { status: res.status(), body: await res.text() };
}

/**
 * Writes to the embedded database from the open page (webhook endpoints, as the dashboard's dialog
 * creates them) after one first write that may compile its route, and reports what followed.
 */
async function writeAndWatch(label: string) {
  const first = await createEndpoint(page, receiver.url(`/${label}`));
  expect(first.status, first.body).toBe(201);
  expect(JSON.parse(first.body).data.url).toBe(receiver.url(`/${label}`));
  await page.waitForTimeout(2000);

  let navigations = 0;
  const refreshes: string[] = [];
  const onNavigation = (frame: Frame) => {
    if (frame === page.mainFrame()) navigations++;
  };
  const onConsole = (m: ConsoleMessage) => {
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
  const rebuildLines = dev.output().slice(outputBefore).split("\n").filter((l) => REBUILD_OUTPUT.test(l));
  return { navigations, refreshes, rebuildLines };
}

describe("npm run dev", () => {
  beforeAll(async () => {
    [dev, browser, receiver] = await Promise.all([
      startDevServer({ env: ENV }),
      launchBrowser(),
      startReceiver(),
    ]);
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

  it("neither rebuilds nor reloads the open dashboard when the embedded database is written to", async () => {
    page = await browser.context.newPage();
    // next dev compiles each page on its first request: slow on a small machine.
    page.setDefaultTimeout(240_000);
    await signInThroughForm(page, dev.baseUrl, OWNER.email, OWNER.password);
    await page.waitForLoadState("networkidle");
    const seen = await writeAndWatch("hook");
    expect(seen.navigations, "full reloads after writes").toBe(0);
    expect(seen.refreshes, "Fast Refresh / server component refreshes after writes").toEqual([]);
    expect(seen.rebuildLines, "rebuild lines in the dev server's output").toEqual([]);
  }, 300_000);

  it("nor after a restart of npm run dev on the same database, with the page left open", async () => {
    const { dataHome, port } = dev;
    const reconnected = page.waitForEvent("console", { predicate: (m) => m.text().includes("[HMR] connected"), timeout: 240_000 });
    await dev.close({ keepData: true });
    dev = await startDevServer({ env: ENV, reuse: { dataHome, port } });
    // The open page reconnects to the new server and reloads once (as Next does when the server
    // it talks to changed); from then on it must stay put while the database is written to.
    await reconnected;
    await page.waitForTimeout(3000);
    await page.waitForLoadState("networkidle");
    expect(page.url()).toBe(`${dev.baseUrl}/`);
    const seen = await writeAndWatch("after-restart");
    expect(seen.navigations, "full reloads after writes").toBe(0);
    expect(seen.refreshes, "Fast Refresh / server component refreshes after writes").toEqual([]);
    expect(seen.rebuildLines, "rebuild lines in the dev server's output").toEqual([]);
    await page.getByRole("main").waitFor();
  }, 300_000);
});
