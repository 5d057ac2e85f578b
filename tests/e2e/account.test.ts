// Two-factor set-up and turn-off in a real browser, with codes computed as an authenticator app would.
import { describe, expect, inject, it } from "vitest";
import { suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, newOrg } from "../helpers/factory";
import { currentCode } from "@/lib/two-factor/totp";

const browser = suiteBrowser();

describe("account page", () => {
  it("sets up two-factor with the shown secret and turns it off", async () => {
    const owner = await newOrg();
    const page = await browser.context.newPage();
    await signInThroughForm(page, inject("baseUrl"), owner.email, PASSWORD);
    await page.goto(`${inject("baseUrl")}/account`);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshots(page, "account-two-factor-setup");

    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await page
      .getByText(/not valid/)
      .first()
      .waitFor();

    await page.getByLabel("6-digit code").fill(currentCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("button", { name: "Verify code" }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await screenshots(page, "account-two-factor-on");

    // Turning on counts as a verification: the factor is fresh now.
    await expect.poll(async () => (await page.getByTestId("two-factor-freshness").textContent()) ?? "").toMatch(/until/i);

    await page.getByRole("button", { name: "Turn off" }).click();
    const dialog = page.getByRole("dialog");
    // The next time step's code (one step of drift is accepted); the current one was used to turn on.
    await dialog.getByLabel("6-digit code").fill(currentCode(secret, Date.now() + 30_000));
    await dialog.getByRole("button", { name: "Turn off" }).click();
    await page.getByRole("button", { name: "Set up two-factor" }).waitFor();
    await page.close();
  });
});
