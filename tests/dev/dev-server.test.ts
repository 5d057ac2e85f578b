// `npm run dev` as a newcomer meets it: writes to the embedded database (which lives inside the
// project folder, in .data/) must never make the dev server rebuild or the open dashboard reload;
// and a webhook endpoint on this machine (http://127.0.0.1:<port>/hook) is accepted out of the
// box, as the console says at start.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startDevServer, type DevServer } from "../helpers/dev-server";
import { launchBrowser, signInThroughForm } from "../e2e/browser";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

const OWNER = { email: "owner@example.test", password: "correct horse battery" };
/** What the dev server prints when it rebuilds, and what the browser logs when it applies one. */
const REBUILD_OUTPUT = /Fast Refresh|rebuil|Compiled in|reload|Slow filesystem/i;

let dev: DevServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: Receiver;

beforeAll(async () => {
  [dev, browser, receiver] = await Promise.all([
    startDevServer({ env: { BOOTSTRAP_ADMIN_EMAIL: OWNER.email, BOOTSTRAP_ADMIN_PASSWORD: OWNER.password } }),
    launchBrowser(),
    startReceiver(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await dev?.close();
});

/** Creates a webhook endpoint with the page's session, as the dashboard's dialog does. */
const createEndpoint = (page: Page, url: string) =>
  page.evaluate(async (url) => {
    const res = await fetch("/api/v1/webhook-endpoints", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url }) });
    return { status: res.status, body: await res.text() };
  }, url);

describe("npm run dev", () => {
  it("says at start that webhooks to this machine are allowed, and how to turn that off", () => {
    expect(dev.output()).toContain("Mailroom (development): webhook endpoints may use http and local or private addresses");
    expect(dev.output()).toContain("ALLOW_PRIVATE_WEBHOOK_URLS=false");
  });

  it("neither rebuilds nor reloads the open dashboard when the embedded database is written to", async () => {
    const page = await browser.context.newPage();
    // next dev compiles each page on its first request: slow on a small machine.
    page.setDefaultTimeout(240_000);
    await signInThroughForm(page, dev.baseUrl, OWNER.email, OWNER.password);
    await page.waitForLoadState("networkidle");
    // The first write compiles its route (a rebuild of its own); the ones watched come after it.
    const first = await createEndpoint(page, receiver.url("/hook"));
    expect(first.status, first.body).toBe(201);
    expect(JSON.parse(first.body).data.url).toBe(receiver.url("/hook"));
    await page.waitForTimeout(2000);

    let navigations = 0;
    const refreshes: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    page.on("console", (m) => {
      if (/Fast Refresh|reload/i.test(m.text())) refreshes.push(m.text());
    });
    page.on("request", (r) => {
      if (r.url().includes("_rsc=")) refreshes.push(`RSC ${r.url()}`);
    });
    const outputBefore = dev.output().length;

    for (let i = 0; i < 4; i++) {
      const res = await createEndpoint(page, receiver.url(`/hook-${i}`));
      expect(res.status, res.body).toBe(201);
      await page.waitForTimeout(750);
    }
    await page.waitForTimeout(4000);

    expect(navigations, "full reloads after writes").toBe(0);
    expect(refreshes, "Fast Refresh / server component refreshes after writes").toEqual([]);
    const after = dev.output().slice(outputBefore).split("\n").filter((l) => REBUILD_OUTPUT.test(l));
    expect(after, "rebuild lines in the dev server's output").toEqual([]);
    expect(await page.locator("body").isVisible()).toBe(true);
    await page.close();
  }, 300_000);
});
