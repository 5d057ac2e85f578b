// The provider form in a real browser: changing where a provider connects (here an SMTP
// relay's host, or its TLS settings) makes its saved password required again, says why, and
// saves nothing until it is typed; typed again, the change is saved.
import { expect, it } from "vitest";
import { base, screenshots, signInThroughForm, suiteBrowser } from "./browser";
import { PASSWORD, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";

const browser = suiteBrowser();

it("asks for the saved password again when the relay's host or TLS settings change", async () => {
  const owner = await newOrg();
  const created = await call("/api/providers", {
    cookie: owner.cookie,
    body: {
      name: "Office relay",
      type: "smtp",
      config: { host: "127.0.0.1", port: 2525, secure: false, username: "relay-user", password: "relay-pw-1" },
    },
  });
  expect(created.status).toBe(201);
  const stored = async () => (await call(`/api/providers/${created.body.id}`, { cookie: owner.cookie })).body.config;

  const page = await browser.context.newPage();
  await signInThroughForm(page, base(), owner.email, PASSWORD);
  await page.goto(`${base()}/providers`);
  await page.getByRole("button", { name: /^Edit.*Office relay/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Host").fill("127.0.0.2");
  await dialog.getByText(/Required: the host changed, and the saved value is never sent to a new destination/).waitFor();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await dialog.getByText(/Enter the password again: the host changed/).waitFor();
  await screenshots(page, "provider-destination-changed");
  expect(await stored()).toMatchObject({ host: "127.0.0.1", password: "********" });

  await dialog.getByLabel("Password").fill("relay-pw-1");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await stored()).toMatchObject({ host: "127.0.0.2", password: "********" });

  // Its TLS settings count too: a saved password is never sent over a weaker connection unasked.
  await page.getByRole("button", { name: /^Edit.*Office relay/ }).click();
  await dialog.getByLabel("Check the server's TLS certificate").uncheck();
  await dialog.getByText(/Required: the TLS settings changed, and the saved value is never sent to a new destination/).waitFor();
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await dialog.getByText(/Enter the password again: the TLS settings changed/).waitFor();
  expect(await stored()).toMatchObject({ rejectUnauthorized: true });
  await dialog.getByLabel("Password").fill("relay-pw-1");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await stored()).toMatchObject({ host: "127.0.0.2", rejectUnauthorized: false, password: "********" });
  await page.close();
});
