// Dashboard flows in a real browser against the production build.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { launchBrowser, screenshots, signInThroughForm } from "./browser";
import { call } from "../helpers/http";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
const base = () => inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
  context = browser.context;
});

afterAll(async () => {
  await browser?.close();
});

describe("dashboard", () => {
  it("signs in, creates an API key shown exactly once, and the key works", async () => {
    const owner = await newOrg("Browser Org");
    const page = await context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await expect.poll(() => page.getByText("Getting started").isVisible()).toBe(true);
    await screenshots(page, "overview-dashboard");

    await page.goto(`${base()}/api-keys`);
    await page.getByRole("button", { name: "Create API key" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("Browser key");
    await dialog.getByLabel(/\(org:read\)/).check();
    await dialog.getByRole("button", { name: "Create API key" }).click();

    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^mr_[A-Za-z0-9_-]{43}$/);
    await screenshots(page, "api-key-created");
    // Escape must not throw the only copy away.
    await page.keyboard.press("Escape");
    expect(await shown.isVisible()).toBe(true);

    const res = await call("/api/v1/organization", { key });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe("Browser Org");

    await page.getByRole("button", { name: "I have copied the key" }).click();
    await page.getByText("Browser key").waitFor();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await page.getByText("Browser key").waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.content()).toContain(key.slice(0, 12));
    await screenshots(page, "api-keys");
    await page.close();
  });

  it("shows projects and members, and a viewer cannot create keys", async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const page = await context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/projects`);
    await page.getByText("Default").first().waitFor();
    await screenshots(page, "projects");
    await page.goto(`${base()}/members`);
    await page.getByText(viewer.email).first().waitFor();
    await screenshots(page, "members");
    await page.close();

    const viewerPage = await context.newPage();
    await signInThroughForm(viewerPage, base(), viewer.email, PASSWORD);
    await viewerPage.goto(`${base()}/api-keys`);
    const create = viewerPage.getByRole("button", { name: "Create API key" }).first();
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    await expect
      .poll(() =>
        viewerPage
          .getByText(/owner or admin/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await viewerPage.close();
  });
});
