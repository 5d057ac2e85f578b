// The dashboard's frame in a real browser: the grouped menu fits a 1440x900 screen without
// scrolling and marks the current page; light and dark follow the system; every page is saved
// at 1440x900 in both themes (tests/e2e/screenshots/themes/, for a person to look at); the
// project switcher is remembered and followed by the overview and the audit log; a person
// without a name is asked for one and greeted by it; the audit log names a webhook's URL.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { SCREENSHOTS, base, signInThroughForm, suiteBrowser } from "./browser";
import { PASSWORD, createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { call } from "../helpers/http";

const browser = suiteBrowser();
const THEMES = path.join(SCREENSHOTS, "themes");

const GROUPS: Record<string, string[]> = {
  Sending: ["Messages", "Send test email", "Scheduled", "Templates"],
  Audience: ["Contacts", "Lists", "Campaigns", "Sequences", "Suppressions"],
  Deliverability: ["Providers", "Domains", "Senders", "Safety", "Use cases"],
  Developers: ["API keys", "Webhooks", "Apps", "Connected apps", "Audit log"],
  Settings: ["Organization", "Members", "Projects", "Account"],
};

async function desktopPage(): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  return page;
}

/** Waits for the page's heading and for its requests to settle (bounded: some pages poll). */
async function settle(page: Page) {
  await page.locator("main h1").first().waitFor();
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
}

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** Relative luminance of a computed rgb()/oklch() colour, read by the browser through a canvas. */
const luminance = (page: Page, color: string) =>
  page.evaluate((c) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data)
      .slice(0, 3)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }, color);

describe("the dashboard's menu", () => {
  it("is grouped, every link present, fits 1440x900 without scrolling, and marks the current page", { timeout: 90_000 }, async () => {
    const owner = await newOrg("Menu Org");
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/contacts`);
    await settle(page);

    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [group, links] of Object.entries(GROUPS)) {
      const section = nav.getByRole("group", { name: group });
      expect(await section.isVisible(), group).toBe(true);
      expect(await section.getByRole("link").allTextContents(), group).toEqual(links);
    }
    expect(await nav.getByRole("group", { name: "Inbound" }).getByRole("link").allTextContents()).toEqual(["Inbound"]);
    expect(await nav.getByRole("link", { name: "Overview" }).getAttribute("href")).toBe("/");
    // Each link carries its icon.
    expect(await nav.getByRole("link").locator("svg").count()).toBe(await nav.getByRole("link").count());

    const box = await nav.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);
    const last = await nav.getByRole("link", { name: "Account" }).boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(900);
    // The page itself may scroll; the menu stays in view with it.
    await page.mouse.wheel(0, 2000);
    const lastAfter = await nav.getByRole("link", { name: "Account" }).boundingBox();
    expect(lastAfter!.y + lastAfter!.height).toBeLessThanOrEqual(900);

    expect(await nav.getByRole("link", { name: "Contacts" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
    await page.close();
  });
});

describe("page headers", () => {
  it("the contacts page keeps its four actions on one row at common widths", { timeout: 90_000 }, async () => {
    const owner = await newOrg("Header Org");
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/contacts`);
    await settle(page);
    const actions = ["Properties", "Export CSV", "Import CSV", "New contact"].map((name) =>
      page.locator("main").getByRole(name === "Export CSV" ? "link" : "button", { name, exact: true }),
    );
    for (const width of [1024, 1280, 1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const boxes = await Promise.all(actions.map(async (a) => (await a.boundingBox())!));
      // One row, one line each: the same middle line and the height of a single-line button.
      expect(new Set(boxes.map((b) => Math.round(b.y + b.height / 2))).size, `${width}px: ${JSON.stringify(boxes)}`).toBe(1);
      for (const b of boxes) expect(b.height, `${width}px`).toBeLessThan(48);
      const description = await page.locator("main p").first().boundingBox();
      expect(description!.width, `${width}px`).toBeGreaterThan(280);
    }
    await page.close();
  });
});

describe("themes", () => {
  it("follow the system: dark turns the page and the shell dark, light keeps them light", async () => {
    const owner = await newOrg("Theme Org");
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.emulateMedia({ colorScheme: "light" });
    const lightBody = await background(page, "body");
    const lightShell = await background(page, "aside");
    expect(await luminance(page, lightBody)).toBeGreaterThan(0.8);
    expect(await luminance(page, lightShell)).toBeGreaterThan(0.8);

    await page.emulateMedia({ colorScheme: "dark" });
    const darkBody = await background(page, "body");
    const darkShell = await background(page, "aside");
    expect(darkBody).not.toBe(lightBody);
    expect(darkShell).not.toBe(lightShell);
    expect(await luminance(page, darkBody)).toBeLessThan(0.05);
    expect(await luminance(page, darkShell)).toBeLessThan(0.05);
    // The text on it turns light.
    const text = await page
      .locator("main h1")
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(await luminance(page, text)).toBeGreaterThan(0.7);

    await page.emulateMedia({ colorScheme: "light" });
    expect(await background(page, "body")).toBe(lightBody);
    await page.close();
  });

  it("saves every dashboard page at 1440x900 in both themes", { timeout: 300_000 }, async () => {
    const owner = await newOrg("Screens Org");
    await productionMode(owner.org.id);
    const { key } = await createKey(owner.cookie, ["email:send"]);
    for (const to of ["grace@example.com", "ada@example.com", "bounce@example.com"]) {
      const res = await call("/api/v1/email/send", { key, body: { to, from: "ann@sender.test", subject: `Hello ${to}`, text: "Hi" } });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    const hook = await call("/api/v1/webhook-endpoints", { cookie: owner.cookie, body: { url: "http://127.0.0.1:9/screens-hook" } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);

    mkdirSync(THEMES, { recursive: true });
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    const hrefs = await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(hrefs.length).toBe(25);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const href of hrefs) {
        await page.goto(`${base()}${href}`);
        await settle(page);
        const name = href === "/" ? "overview" : href.slice(1);
        await page.screenshot({ path: path.join(THEMES, `${name}-${scheme}.png`), fullPage: true });
      }
    }
    await page.close();
  });
});

describe("the project switcher", () => {
  it("is remembered in this browser and followed by the overview, the messages log and the audit log", async () => {
    const owner = await newOrg("Switcher Org");
    const second = await call("/api/projects", { cookie: owner.cookie, body: { name: "Second project" } });
    expect(second.status).toBe(201);
    // One message, sent without a project: recorded in the default project.
    const { key } = await createKey(owner.cookie, ["email:send"]);
    const sent = await call("/api/v1/email/send", {
      key,
      body: { to: "delivered@demo.mailroom.test", subject: "In the default project", text: "Hi" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    const switcher = page.getByLabel("Project (overview, messages, audit log)");
    await switcher.waitFor();
    expect(await switcher.inputValue()).toBe("");
    await switcher.selectOption({ label: "Second project" });
    // The overview's own project filter is the same choice.
    await expect.poll(() => page.getByLabel("Project", { exact: true }).inputValue()).toBe(second.body.id);
    await page.getByText("Nothing sent in the last 30 days in this project").waitFor();

    await page.goto(`${base()}/messages`);
    await page.getByText("No messages in this project yet").waitFor();

    await page.goto(`${base()}/audit`);
    await settle(page);
    expect(await page.getByLabel("Project (overview, messages, audit log)").inputValue()).toBe(second.body.id);
    expect(await page.locator("main select").first().inputValue()).toBe(second.body.id);

    // Chosen on the overview's filter, it moves the header's switcher too.
    await page.goto(`${base()}/`);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Default" });
    await expect.poll(() => page.getByLabel("Project (overview, messages, audit log)").inputValue()).toBe(owner.project.id);
    await page.reload();
    await expect.poll(() => page.getByLabel("Project (overview, messages, audit log)").inputValue()).toBe(owner.project.id);
    await page.goto(`${base()}/messages`);
    await page.getByTestId("message-row").filter({ hasText: "In the default project" }).waitFor();
    await page.close();
  });

  it("is not shown while the organization has one project", async () => {
    const owner = await newOrg("Single Project Org");
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.locator("main h1").first().waitFor();
    await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
    expect(await page.getByLabel("Project (overview, messages, audit log)").count()).toBe(0);
    await page.close();
  });
});

describe("names", () => {
  it("a person without a name is asked for one, and the header greets them by it", async () => {
    const owner = await newOrg("Name Org");
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    const greeting = page.getByTestId("signed-in-as");
    expect(await greeting.textContent()).toContain(owner.email);
    const prompt = page.getByRole("region", { name: "What should we call you?" });
    await prompt.waitFor();
    await prompt.getByRole("button", { name: "Save name" }).click();
    await prompt.getByText("Enter your name.").waitFor();
    await prompt.getByLabel("Your name").fill("Ada Lovelace");
    await prompt.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => greeting.textContent()).toContain("Ada Lovelace");
    await expect.poll(() => page.getByText("Welcome, Ada Lovelace.").isVisible()).toBe(true);
    // Asked once: the prompt is gone, and the Account page changes the name.
    await page.reload();
    await page.getByText("Welcome, Ada Lovelace.").waitFor();
    expect(await page.getByRole("region", { name: "What should we call you?" }).count()).toBe(0);
    await page.goto(`${base()}/account`);
    await page.getByLabel("Your name").fill("Ada King");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.getByTestId("signed-in-as").textContent()).toContain("Ada King");

    const refused = await call("/api/account/profile", { method: "PATCH", cookie: owner.cookie, body: { name: "   " } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/name/);
    // A name others see beside your address may not pose as an address or turn text around.
    for (const [name, why] of [
      ["Owner <owner@example.test>", /cannot contain < or >/],
      ["\u202eOwner\u202c", /direction control/],
    ] as const) {
      const posing = await call("/api/account/profile", { method: "PATCH", cookie: owner.cookie, body: { name } });
      expect(posing.status, name).toBe(400);
      expect(posing.body.error).toMatch(why);
    }
    await expect.poll(() => page.reload().then(() => page.getByTestId("signed-in-as").textContent())).toContain("Ada King");
    await page.close();
  });
});

describe("the audit log", () => {
  it("shows what a webhook endpoint creation was: its URL", async () => {
    const owner = await newOrg("Audit Hook Org");
    const url = "http://127.0.0.1:9/audit-hook";
    const hook = await call("/api/v1/webhook-endpoints", { cookie: owner.cookie, body: { url } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const page = await desktopPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/audit`);
    const row = page.locator("tr", { hasText: "Webhook endpoint added" });
    await row.waitFor();
    expect(await row.textContent()).toContain(url);
    await page.close();
  });
});
