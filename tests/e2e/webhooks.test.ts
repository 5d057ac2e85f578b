// The webhooks page in a real browser: add an endpoint for a local receiver, read its secret
// once, test, look at deliveries, resend, disable, rotate; and a viewer who can only look.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { startReceiver, verifyWithStandardWebhooks, type Receiver } from "../helpers/webhook-receiver";

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: Receiver;
const base = () => inject("baseUrl");

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

/** The secret in the one-time dialog; closing it must leave no copy on the page. */
async function readSecretOnce(page: Page): Promise<string> {
  const shown = page.getByTestId("webhook-secret");
  await shown.waitFor();
  const secret = (await shown.textContent())!.trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=_-]{20,}$/);
  // Escape must not throw the only copy away.
  await page.keyboard.press("Escape");
  expect(await shown.isVisible()).toBe(true);
  await page.getByRole("button", { name: "I have copied the secret" }).click();
  await shown.waitFor({ state: "detached" });
  expect(await page.content()).not.toContain(secret);
  return secret;
}

describe("webhooks page", () => {
  it("adds an endpoint, shows its secret once, tests, resends, disables and rotates", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Webhooks Org");
    const path = `/hooks/browser-${Date.now()}`;
    const url = receiver.url(path);
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await page.getByText("No webhook endpoints yet").waitFor();
    await screenshots(page, "webhooks-empty");

    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill("not a url");
    await dialog.getByLabel("All events").uncheck();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("Enter a full URL starting with https://.").waitFor();
    await dialog.getByText("Pick at least one event type").waitFor();

    await dialog.getByLabel("URL").fill(url);
    await dialog.getByLabel("Description (optional)").fill("Browser receiver");
    await dialog.getByLabel(/email\.delivered/).check();
    await screenshots(page, "webhooks-add");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    await page.getByTestId("webhook-secret").waitFor();
    await screenshots(page, "webhooks-secret");
    const secret = await readSecretOnce(page);

    const item = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await item.getByText("email.delivered").waitFor();
    expect(await item.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await item.getByText("Browser receiver").isVisible()).toBe(true);

    // The test event goes out now and is verifiable with the secret shown once.
    await item.getByRole("button", { name: /Send test event/ }).click();
    const result = item.getByTestId("webhook-test-result");
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toMatch(/Test event delivered: HTTP 200 in \d+ ms/);
    const [hit] = await receiver.waitFor(path, 1);
    expect(verifyWithStandardWebhooks(hit, secret)).toMatchObject({ test: true, message: expect.any(String) });
    await expect.poll(() => item.getByText("Never").count()).toBe(1); // a last success now, no failure
    await screenshots(page, "webhooks");

    // Deliveries: the test delivery with its attempt, then Resend.
    await item.getByRole("link", { name: /Deliveries/ }).click();
    await page.waitForURL(/\/webhooks\/[0-9a-f-]{36}$/);
    const delivery = page.getByTestId("webhook-delivery").first();
    await delivery.getByText("Succeeded").waitFor();
    await delivery.locator("button[aria-expanded]").click();
    const attempt = delivery.getByTestId("webhook-attempt").first();
    await attempt.waitFor();
    expect(await attempt.textContent()).toMatch(/Attempt 1.*Succeeded.*HTTP 200.*\d+ ms/);
    expect(await attempt.textContent()).toContain("ok");
    await screenshots(page, "webhooks-deliveries");

    await delivery.getByRole("button", { name: /Resend/ }).click();
    await page.getByText("Queued again").waitFor();
    const hits = await receiver.waitFor(path, 2);
    expect(hits).toHaveLength(2);
    expect(verifyWithStandardWebhooks(hits[1], secret)).toMatchObject({ test: true });
    await expect.poll(() => page.getByTestId("webhook-delivery").filter({ hasText: "Succeeded" }).count(), { timeout: 15_000 }).toBe(2);

    // Disable: the badge changes and testing is off until it is enabled again.
    await page.getByRole("link", { name: "All webhook endpoints" }).click();
    await item.getByRole("button", { name: /^Disable/ }).click();
    await item.getByText("Disabled", { exact: true }).waitFor();
    expect(await item.getByRole("button", { name: /Send test event/ }).isDisabled()).toBe(true);
    await screenshots(page, "webhooks-disabled");

    // Rotate: confirm, then a new secret shown once; deliveries are signed with it.
    await item.getByRole("button", { name: /Rotate secret/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
    await page.getByText("Your new signing secret").waitFor();
    const rotated = await readSecretOnce(page);
    expect(rotated).not.toBe(secret);

    await item.getByRole("button", { name: /^Enable/ }).click();
    await item.getByText("Active", { exact: true }).waitFor();
    await item.getByRole("button", { name: /Send test event/ }).click();
    await item.getByText(/Test event delivered/).waitFor({ timeout: 15_000 });
    const afterRotation = (await receiver.waitFor(path, 3))[2];
    expect(verifyWithStandardWebhooks(afterRotation, rotated)).toMatchObject({ test: true });

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "webhooks-dark");
    await page.close();
  });

  it("lets a viewer look at endpoints and deliveries but change nothing", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/webhooks`);
    await page.getByRole("button", { name: "Add endpoint" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("URL").fill(receiver.url("/hooks/viewer"));
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await readSecretOnce(page);
    await page.getByRole("button", { name: /Send test event/ }).click();
    await page.getByText(/Test event delivered/).waitFor({ timeout: 15_000 });
    await page.close();

    const viewerPage = await browser.context.newPage();
    await signInThroughForm(viewerPage, base(), viewer.email, PASSWORD);
    await viewerPage.goto(`${base()}/webhooks`);
    await viewerPage.getByText(receiver.url("/hooks/viewer"), { exact: true }).waitFor();
    const add = viewerPage.getByRole("button", { name: "Add endpoint" });
    expect(await add.count()).toBe(1);
    expect(await add.isDisabled()).toBe(true);
    expect(await viewerPage.getByText(/Only owners and admins/).isVisible()).toBe(true);
    for (const action of [/Send test event/, /^Disable/, /^Edit/, /Rotate secret/, /^Delete/]) {
      expect(await viewerPage.getByRole("button", { name: action }).count()).toBe(0);
    }
    await screenshots(viewerPage, "webhooks-viewer");

    await viewerPage.getByRole("link", { name: /Deliveries/ }).click();
    await viewerPage.getByTestId("webhook-delivery").first().getByText("Succeeded").waitFor();
    expect(await viewerPage.getByRole("button", { name: /Resend/ }).count()).toBe(0);
    expect(await viewerPage.getByRole("button", { name: /Send test event/ }).count()).toBe(0);
    await viewerPage.close();
  });
});
