// Debian's chromium driven by playwright-core (no browser download).
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject, vi } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";

// Every file that imports this one is a browser test: it waits on a real browser and a real
// server, and on a loaded two-core CI machine the first render of a page alone can take longer
// than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

export const SCREENSHOTS = path.resolve("tests/e2e/screenshots");

/** `args`: more of chromium's switches (e.g. --host-resolver-rules to map a made-up name to 127.0.0.1). */
export async function launchBrowser({ args = [] }: { args?: string[] } = {}): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(path.join(tmpdir(), "mailroom-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The suite's browser: launched before its tests and closed after them. */
export function suiteBrowser(options: { args?: string[] } = {}): { readonly context: BrowserContext } {
  let launched: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  beforeAll(async () => {
    launched = await launchBrowser(options);
  });
  afterAll(async () => {
    await launched?.close();
  });
  return {
    get context() {
      if (!launched) throw new Error("The browser starts in beforeAll");
      return launched.context;
    },
  };
}

/** The shared test server the suite drives. */
export const base = () => inject("baseUrl");

/** Saves the page at desktop and phone width for a person to look at. */
export async function screenshots(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

export async function signInThroughForm(page: Page, base: string, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto(`${base}/`);
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${base}/`);
}
