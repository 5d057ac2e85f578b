// Someone in two organizations, in a real browser: an existing account invited to a second
// organization accepts while signed in, opens it from the invitation page, then moves between
// the two with the dashboard's organization switcher, each time seeing that one's data.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshots, suiteBrowser } from "./browser";
import { PASSWORD } from "../helpers/factory";
import { call } from "../helpers/http";
import { linkMailedTo, otherOrgOn, serverWithSystemMail } from "../helpers/system-mail";

const browser = suiteBrowser();
const hex = () => randomBytes(4).toString("hex");

/** The contacts page lists `shown` and not `hidden`. */
async function contactsShow(page: Page, url: string, shown: string, hidden: string) {
  await page.goto(`${url}/contacts`);
  await page.getByTestId("contact-row").filter({ hasText: shown }).waitFor();
  expect(await page.getByTestId("contact-row").filter({ hasText: hidden }).count()).toBe(0);
}

describe("organization switcher", () => {
  let own: Awaited<ReturnType<typeof serverWithSystemMail>>;
  beforeAll(async () => {
    own = await serverWithSystemMail();
  });
  afterAll(async () => {
    await own?.close();
  });

  it("an existing account joins a second organization, opens it, and switches between the two", { timeout: 120_000 }, async () => {
    const url = own.server.url;
    const alpha = await otherOrgOn(own, `Alpha ${hex()}`);
    const beta = await otherOrgOn(own, `Beta ${hex()}`);
    const [inAlpha, inBeta] = [`alpha-${hex()}@example.test`, `beta-${hex()}@example.test`];
    expect((await call("/api/v1/contacts", { base: url, key: alpha.key, body: { email: inAlpha } })).status).toBe(201);
    expect((await call("/api/v1/contacts", { base: url, key: beta.key, body: { email: inBeta } })).status).toBe(201);
    expect(
      (await call("/api/org/invitations", { base: url, cookie: beta.cookie, body: { email: alpha.email, name: "", role: "admin" } }))
        .status,
    ).toBe(201);
    const { link } = await linkMailedTo(own.systemSink, alpha.email, "invite");

    const page = await browser.context.newPage();
    await page.context().clearCookies();
    await page.goto(`${url}/sign-in`);
    await page.getByLabel("Email").fill(alpha.email);
    await page.getByLabel("Password").fill(PASSWORD);
    const listed = page.waitForResponse((r) => r.url() === `${url}/api/account/organizations` && r.ok());
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${url}/`);
    // One organization so far: once the list is in, no switcher.
    await listed;
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await page.getByLabel("Organization", { exact: true }).count()).toBe(0);
    await contactsShow(page, url, inAlpha, inBeta);

    await page.goto(link);
    await page.getByRole("button", { name: "Accept and join" }).click();
    await page.getByRole("heading", { name: "Welcome" }).waitFor();
    await page.getByRole("button", { name: `Open “${beta.org.name}”` }).click();
    await page.waitForURL(`${url}/`);
    const switcher = page.getByLabel("Organization", { exact: true });
    await switcher.waitFor();
    expect(await switcher.inputValue()).toBe(beta.org.id);
    expect(await switcher.locator("option").allTextContents()).toEqual([`${alpha.org.name} (owner)`, `${beta.org.name} (admin)`]);
    await contactsShow(page, url, inBeta, inAlpha);
    await screenshots(page, "organization-switcher");

    // Back to Alpha with the switcher: the page loads again with Alpha's contacts.
    await page.getByLabel("Organization", { exact: true }).selectOption(alpha.org.id);
    await page.getByTestId("contact-row").filter({ hasText: inAlpha }).waitFor();
    expect(await page.getByTestId("contact-row").filter({ hasText: inBeta }).count()).toBe(0);
    expect(page.url()).toBe(`${url}/contacts`);
    expect(await page.getByLabel("Organization", { exact: true }).inputValue()).toBe(alpha.org.id);

    // And to Beta again.
    await page.getByLabel("Organization", { exact: true }).selectOption(beta.org.id);
    await page.getByTestId("contact-row").filter({ hasText: inBeta }).waitFor();
    expect(await page.getByTestId("contact-row").filter({ hasText: inAlpha }).count()).toBe(0);
    await page.close();
  });
});
