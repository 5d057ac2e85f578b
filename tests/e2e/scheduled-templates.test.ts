// The Templates and Scheduled pages in a real browser: write a template with a variable, watch
// the server's preview follow the sample value (escaped in HTML), save a second version, send
// a test; schedule from the Send page, cancel, watch one go out; a viewer who can only look.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { call } from "../helpers/http";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

const status = (item: ReturnType<Page["getByTestId"]>) => item.getByTestId("scheduled-status");

/** A datetime-local value `ms` from now, in the browser's own time zone. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

async function scheduleByApi(cookie: string, subject: string, ms: number) {
  const res = await call("/api/email/schedule", {
    cookie,
    body: { to: ["soon@example.com"], subject, text: "Scheduled by the test.", scheduledFor: new Date(Date.now() + ms).toISOString() },
  });
  expect(res.status).toBe(200);
  return res.body as { id: string };
}

describe("templates page", () => {
  it("creates a template, previews it live, saves a version, views history and sends a test", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Templates Org");
    await productionMode(owner.org.id);
    const name = `Welcome ${Date.now()}`;
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    await page.getByRole("link", { name: "Templates", exact: true }).click();
    await page.getByText("No templates yet").waitFor();
    await screenshots(page, "templates-empty");

    await page.getByRole("link", { name: "New template" }).click();
    await page.waitForURL(/\/templates\/new$/);
    // The route's own schema checks the form before anything is sent.
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText("Name is required").waitFor();
    await page.getByText("Write an HTML body, a text body, or both.").waitFor();

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Subject").fill("Welcome, {{firstName}}");
    await page.getByLabel("HTML body").fill("<p>Hi {{shout firstName}}, welcome aboard.</p>");
    await page.getByLabel("Text body").fill("Hi {{firstName}}, welcome aboard.");
    await page.getByRole("button", { name: "Add variable" }).click();
    // Focus moves to the new row's name.
    await page.keyboard.type("firstName");
    await page.getByLabel("firstName is required").check();
    await page.getByLabel("Default of firstName").fill("friend");
    await screenshots(page, "templates-new");

    // The server's save-time check names the unknown helper under the HTML body.
    await page.getByRole("button", { name: "Save template" }).click();
    await page.getByText(/Unknown helper "shout" on line 1/).waitFor();
    await page.getByLabel("HTML body").fill("<p>Hi {{firstName}}, welcome aboard.</p>");
    await page.getByRole("button", { name: "Save template" }).click();
    await page.waitForURL(/\/templates\/[0-9a-f-]{36}$/);

    // Live preview: the default first, then each sample value as it is typed.
    const subject = page.getByTestId("preview-subject");
    await expect.poll(() => subject.textContent()).toBe("Welcome, friend");
    const samples = page.getByRole("group", { name: "Sample values" });
    await samples.getByLabel("firstName", { exact: true }).fill("Ada");
    await expect.poll(() => subject.textContent()).toBe("Welcome, Ada");
    await samples.getByLabel("firstName", { exact: true }).fill("<b>Ada</b>");
    await expect.poll(() => subject.textContent()).toBe("Welcome, <b>Ada</b>");
    // Escaped in the HTML (shown as text, not bold), raw in the text part.
    const frame = page.locator('iframe[title="HTML preview"]');
    expect(await frame.getAttribute("sandbox")).toBe("");
    expect(await frame.getAttribute("srcdoc")).toBe("<p>Hi &lt;b&gt;Ada&lt;/b&gt;, welcome aboard.</p>");
    await page.frameLocator('iframe[title="HTML preview"]').getByText("Hi <b>Ada</b>, welcome aboard.").waitFor();
    expect(await page.getByTestId("preview-text").textContent()).toBe("Hi <b>Ada</b>, welcome aboard.");
    await screenshots(page, "templates");

    // A content change saves version 2; the history lists both.
    await page.getByLabel("Subject").fill("Welcome aboard, {{firstName}}");
    await page.getByText("Unsaved changes are not in the preview").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved as version 2.").waitFor();
    await page.frameLocator('iframe[title="HTML preview"]').getByText("Hi <b>Ada</b>, welcome aboard.").waitFor();
    await expect.poll(() => subject.textContent()).toBe("Welcome aboard, <b>Ada</b>");
    const versions = page.getByTestId("template-version");
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.first().textContent()).toMatch(/Version 2.*Current/);

    await versions.filter({ hasText: "Version 1" }).getByRole("button", { name: /View/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(`${name}: version 1`).waitFor();
    await dialog.getByText("Welcome, {{firstName}}", { exact: true }).waitFor();
    await dialog.getByTestId("preview-subject").getByText("Welcome, <b>Ada</b>").waitFor();
    await screenshots(page, "templates-version");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });

    // A test send through send-templated, with the sample values as its variables.
    await page.getByLabel("Recipient").fill("ada@example.com");
    expect(JSON.parse(await page.getByLabel("Variables (JSON)").inputValue())).toEqual({ firstName: "<b>Ada</b>" });
    await page.getByRole("button", { name: "Send test" }).click();
    const result = page.getByTestId("templated-result");
    await result.waitFor({ timeout: 15_000 });
    expect(await result.textContent()).toMatch(/Sent.*ada@example\.com.*Mailroom id/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshots(page, "templates-sent");

    await page.getByRole("link", { name: "All templates" }).click();
    const row = page.getByTestId("template-row").filter({ hasText: name });
    await row.getByText("Version 2").waitFor();
    await page.emulateMedia({ colorScheme: "dark" });
    await row.getByRole("link").click();
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Welcome aboard, friend");
    await screenshots(page, "templates-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Delete, after confirming.
    await page.getByRole("button", { name: "Delete template" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/templates$/);
    await page.getByText("No templates yet").waitFor();
    await page.close();
  });
});

describe("scheduled page", () => {
  it("schedules from the Send page, cancels, and shows one going out", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Scheduled Org");
    await productionMode(owner.org.id);
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    await page.getByRole("link", { name: "Scheduled", exact: true }).click();
    await page.getByText("No scheduled emails yet").waitFor();
    // The README's form of the command: the v1 route, scheduledAt and $MAILROOM_KEY.
    expect(await page.getByText(/"scheduledAt": "2026-12-01T09:00:00\+01:00"/).isVisible()).toBe(true);
    expect(
      await page
        .getByText(/\/api\/v1\/email\/send/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText(/Bearer \$MAILROOM_KEY"/).isVisible()).toBe(true);
    await screenshots(page, "scheduled-empty");

    // Send later, two minutes ahead (datetime-local has minute precision).
    await page.getByRole("link", { name: "Send test email" }).click();
    await page.getByLabel("To", { exact: true }).fill("later@example.com");
    await page.getByLabel("Subject").fill("Later one");
    await page.getByLabel("Text body").fill("Goes out later.");
    await page.getByLabel("Send later").check();
    await page.getByRole("button", { name: "Schedule email" }).click();
    await page.getByText("Pick the date and time to send it.").waitFor();
    await page.getByLabel("Send at").fill(await localInput(page, 120_000));
    await screenshots(page, "scheduled-send-later");
    await page.getByRole("button", { name: "Schedule email" }).click();
    await page.getByTestId("send-result").getByText("Scheduled", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Follow or cancel it on the Scheduled page" }).click();

    const later = page.getByTestId("scheduled-email").filter({ hasText: "Later one" });
    await expect.poll(() => status(later).textContent()).toBe("Scheduled");
    expect(await later.textContent()).toContain("To later@example.com");
    expect(await later.textContent()).toContain("0 of 3");

    // One due in 2 s: the page refreshes on its own until it is sent.
    await scheduleByApi(owner.cookie, "Soon one", 2_000);
    const soon = page.getByTestId("scheduled-email").filter({ hasText: "Soon one" });
    await soon.waitFor({ timeout: 10_000 });
    await expect.poll(() => status(soon).textContent(), { timeout: 20_000 }).toBe("Sent");
    expect(await soon.getByText("Not yet").count()).toBe(0);
    expect(await soon.textContent()).not.toContain("Message id—"); // the provider's message id is shown
    await screenshots(page, "scheduled");

    // Cancel, after confirming.
    await later.getByRole("button", { name: /Cancel email/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel email" }).click();
    await expect.poll(() => status(later).textContent()).toBe("Cancelled");
    expect(await later.getByRole("button", { name: /Cancel email/ }).count()).toBe(0);

    // Too late: the send has started between opening the dialog and confirming.
    const racing = await scheduleByApi(owner.cookie, "Racing one", 120_000);
    await page.reload(); // nothing was waiting, so the list was polling slowly
    const racingItem = page.getByTestId("scheduled-email").filter({ hasText: "Racing one" });
    await racingItem.getByRole("button", { name: /Cancel email/ }).click({ timeout: 10_000 });
    await db().scheduledEmail.update({ where: { id: racing.id }, data: { status: "sending" } });
    await page.getByRole("dialog").getByRole("button", { name: "Cancel email" }).click();
    await racingItem.getByText(/Already sending/).waitFor();
    await expect.poll(() => status(racingItem).textContent()).toBe("Sending");
    await db().scheduledEmail.update({ where: { id: racing.id }, data: { status: "cancelled" } });

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "scheduled-dark");
    await page.close();
  });
});

describe("viewer", () => {
  it("sees templates and the scheduled page but can change nothing", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    await productionMode(owner.org.id);
    const created = await call("/api/v1/templates", {
      cookie: owner.cookie,
      body: {
        name: "Receipt",
        subject: "Receipt for {{customer}}",
        html: "<p>Thanks, {{customer}}.</p>",
        variables: [{ name: "customer", default: "you" }],
      },
    });
    expect(created.status).toBe(201);
    await scheduleByApi(owner.cookie, "Owner's scheduled", 600_000);
    const viewer = await addMemberAs(owner.cookie, "viewer");

    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/templates`);
    await page.getByTestId("template-row").filter({ hasText: "Receipt" }).waitFor();
    const add = page.getByRole("button", { name: "New template" });
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText("Viewers can read templates but not create them.").isVisible()).toBe(true);
    await screenshots(page, "templates-viewer");

    await page.getByRole("link", { name: "Receipt" }).click();
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Receipt for you");
    expect(await page.getByLabel("Subject").getAttribute("readonly")).not.toBeNull();
    for (const action of [/^Save/, /^Delete/, /Add variable/, /^Remove/]) {
      expect(await page.getByRole("button", { name: action }).count()).toBe(0);
    }
    expect(await page.getByRole("button", { name: "Send test" }).isDisabled()).toBe(true);
    expect(await page.getByText(/Viewers cannot send email/).isVisible()).toBe(true);
    // Sample values still work: previewing needs only read access.
    await page.getByRole("group", { name: "Sample values" }).getByLabel("customer", { exact: true }).fill("Grace");
    await expect.poll(() => page.getByTestId("preview-subject").textContent()).toBe("Receipt for Grace");
    await page.getByTestId("template-version").getByRole("button", { name: /View/ }).click();
    await page.getByRole("dialog").getByText("Receipt: version 1 (current)").waitFor();
    expect(await page.getByRole("button", { name: "Edit from this version" }).count()).toBe(0);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await screenshots(page, "templates-viewer-detail");

    // Listing scheduled emails needs email.send, which viewers lack: the page says so.
    await page.getByRole("link", { name: "Scheduled", exact: true }).click();
    await page.getByText("Scheduled emails are not shown to your role").waitFor();
    expect(await page.getByRole("button", { name: "Schedule an email" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: /Cancel email/ }).count()).toBe(0);
    await screenshots(page, "scheduled-viewer");
    await page.close();
  });
});
