// The first run in a real browser against the production build: a brand-new organization's
// owner follows the overview's checklist (demo mode, a key created on the overview and the curl
// that holds it, their address put on a test list, the curl's request run, the step ticked),
// then sends from the Send page and watches the message's timeline fill. A member sees what
// their role cannot do and why. On a phone: the Menu button, Skip to content, and the forms
// checked with the routes' schemas (Send, test lists, audit dates).
import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { signInOrThrow } from "../helpers/sign-in";
import { createOrganization } from "@/lib/orgs/create-organization";
import { planDemoEvents } from "@/lib/events/demo-plan";

const browser = suiteBrowser();
const PHONE = { width: 390, height: 844 };

/**
 * A new organization whose owner's address the demo provider delivers to (with the test
 * servers' seed, about one address in twenty bounces): its timeline is sent, then delivered.
 */
async function deliveringOwner() {
  const seed = inject("serverEnv").DEMO_EVENTS_SEED;
  let email = "";
  do {
    email = `first-run-${randomBytes(4).toString("hex")}@example.test`;
  } while (planDemoEvents({ seed, recipient: email, sentAt: new Date(), link: null, scale: 1 })[0].type !== "email.delivered");
  const { org } = await createOrganization({ name: `First run ${randomBytes(3).toString("hex")}`, owner: { email, password: PASSWORD } });
  return { org, email, cookie: await signInOrThrow(email, PASSWORD) };
}

const progress = (page: Page) => page.getByTestId("checklist-progress").textContent();
const stepDone = (page: Page, step: string) => page.getByTestId(`step-${step}`).getAttribute("data-done");
const shownTypes = (page: Page) => page.getByTestId("timeline-event").evaluateAll((items) => items.map((i) => i.getAttribute("data-type")));

/** What the overview's curl should read, byte for byte. */
const expectedCurl = (key: string, to: string) =>
  [
    `curl -X POST ${base()}/api/v1/email/send \\`,
    `  -H "Authorization: Bearer ${key}" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"to":"${to}","subject":"Hello from Mailroom","text":"It works."}'`,
  ].join("\n");

/** The request a curl on screen makes, read back from its text: what a reader's terminal would send. */
function requestOf(curl: string) {
  const url = /curl -X POST (\S+)/.exec(curl)![1];
  const headers = Object.fromEntries([...curl.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const body = /-d '(.*)'$/m.exec(curl)![1];
  return { url, headers, body };
}

describe("first run", () => {
  it("takes a new owner from an empty checklist to a sent email and its timeline", { timeout: 120_000 }, async () => {
    const owner = await deliveringOwner();
    await browser.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base() });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    // Nothing done yet; a new organization is in test mode and the owner's address is on no list.
    await expect.poll(() => progress(page)).toBe("0 of 4 done");
    for (const step of ["provider", "key", "send", "webhook"]) expect(await stepDone(page, step)).toBe("false");
    const addToList = page.getByRole("button", { name: `Add ${owner.email} to a test list` });
    await addToList.waitFor();
    expect(await page.getByTestId("first-send-curl").textContent()).toBe(expectedCurl("$MAILROOM_KEY", owner.email));
    expect(await page.getByRole("link", { name: "Send it now from the dashboard" }).getAttribute("href")).toBe("/send");
    expect(await page.getByRole("link", { name: "Add a webhook" }).getAttribute("href")).toBe("/webhooks");
    await screenshots(page, "overview-first-run");

    // Keep demo mode: explained, ticked, and remembered by this browser.
    expect(await page.getByTestId("step-provider").textContent()).toContain("nothing leaves this machine");
    await page.getByRole("button", { name: "Use demo mode" }).click();
    await expect.poll(() => progress(page)).toBe("1 of 4 done");
    await page.reload();
    await expect.poll(() => progress(page)).toBe("1 of 4 done");
    expect(await stepDone(page, "provider")).toBe("true");

    // A key created on the overview: shown once with a curl that holds it, then in the checklist's curl.
    await page.getByRole("button", { name: "Create an API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("First key");
    await dialog.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const key = (await shown.textContent())!.trim();
    expect(key).toMatch(/^mr_[A-Za-z0-9_-]{43}$/);
    expect(await page.getByTestId("new-api-key-curl").textContent()).toBe(expectedCurl(key, owner.email));
    await dialog.getByRole("button", { name: "Copy command" }).click();
    await dialog.getByText("Copied", { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedCurl(key, owner.email));
    await dialog.getByRole("button", { name: "I have copied the key" }).click();
    await expect.poll(() => progress(page)).toBe("2 of 4 done");
    const curl = (await page.getByTestId("first-send-curl").textContent())!;
    expect(curl).toBe(expectedCurl(key, owner.email));
    await page.getByTestId("step-send").getByRole("button", { name: "Copy command" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(curl);
    // The key is in this page's state only: not in storage.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(key);
    await screenshots(page, "overview-curl");

    // One click puts the owner's address on a test list, as POST /api/safety/test-lists does.
    await addToList.click();
    await page
      .getByTestId("test-mode-note")
      .getByText(/is on a test list/)
      .waitFor();
    const lists = await call("/api/safety/test-lists", { cookie: owner.cookie });
    expect(lists.body.lists.map((l: { emails: string[] }) => l.emails)).toEqual([[owner.email]]);

    // The curl's own request, as a terminal would make it: sent by the demo provider, step ticked.
    const request = requestOf(curl);
    const res = await fetch(request.url, { method: "POST", headers: request.headers, body: request.body });
    const sent = await res.json();
    expect(res.status, JSON.stringify(sent)).toBe(200);
    expect(sent.data).toMatchObject({ status: "sent", provider: "demo" });
    await expect.poll(() => stepDone(page, "send"), { timeout: 15_000 }).toBe("true");
    expect(await progress(page)).toBe("3 of 4 done");

    // The Send page checks the form with the route's schema, next to each field.
    await page.getByRole("link", { name: "Send test email" }).click();
    await page.waitForURL(/\/send$/);
    await page.getByRole("button", { name: "Send email" }).click();
    await page.getByText("Enter at least one recipient.").waitFor();
    expect(await page.getByText("Enter a subject.").isVisible()).toBe(true);
    expect(await page.getByText("Write a text body, an HTML body, or both.").isVisible()).toBe(true);
    expect(await page.getByLabel("To", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("To", { exact: true }).fill("not-an-address");
    await page.getByRole("button", { name: "Send email" }).click();
    await page.getByText('Not a valid email address: "not-an-address".').waitFor();

    // A send in demo mode to the owner's own address, then its timeline fills.
    await page.getByLabel("To", { exact: true }).fill(owner.email);
    await page.getByLabel("Subject").fill("Watching the timeline");
    await page.getByLabel("Text body").fill("Sent from the dashboard in demo mode.");
    await page.getByRole("button", { name: "Send email" }).click();
    const result = page.getByTestId("send-result");
    await result.getByText("(simulated: nothing left Mailroom)").waitFor();
    const timeline = result.getByRole("link", { name: "Watch its timeline" });
    expect(await timeline.getAttribute("href")).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    await screenshots(page, "send-result");
    await timeline.click();
    await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect.poll(() => shownTypes(page), { timeout: 30_000 }).toEqual(expect.arrayContaining(["email.sent", "email.delivered"]));
    expect((await shownTypes(page)).slice(0, 2)).toEqual(["email.sent", "email.delivered"]);

    // A webhook makes four of four: the checklist folds away, and opens again on request.
    const hook = await call("/api/v1/webhook-endpoints", { cookie: owner.cookie, body: { url: "http://127.0.0.1:9/hooks/mailroom" } });
    expect(hook.status, JSON.stringify(hook.body)).toBeLessThan(300);
    await page.goto(`${base()}/`);
    const show = page.getByRole("button", { name: "Show the checklist" });
    await show.waitFor();
    expect(await page.getByTestId("getting-started").textContent()).toContain("All 4 steps done.");
    expect(await page.getByTestId("checklist-progress").count()).toBe(0);
    await show.click();
    await expect.poll(() => progress(page)).toBe("4 of 4 done");
    await page.getByRole("button", { name: "Hide the checklist" }).click();
    await show.waitFor();
    await page.close();
  });

  it("shows a member which steps their role cannot take, and why", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const member = await addMemberAs(owner.cookie, "member");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), member.email, PASSWORD);
    await expect.poll(() => progress(page)).toBe("0 of 4 done");

    const createKey = page.getByRole("button", { name: "Create an API key" });
    expect(await createKey.isDisabled()).toBe(true);
    expect(await page.getByText("Only owners and admins can create API keys").isVisible()).toBe(true);
    const webhook = page.getByRole("button", { name: "Add a webhook" });
    expect(await webhook.isDisabled()).toBe(true);
    expect(await page.getByText("Only owners and admins can add webhook endpoints.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Add a provider" }).isDisabled()).toBe(true);
    // Members cannot manage test lists: no one-click add, but whom to ask and where.
    const note = page.getByTestId("test-mode-note");
    await note.waitFor();
    expect(await note.textContent()).toContain(`ask one to add ${member.email}`);
    expect(await note.getByRole("link", { name: "Safety page" }).getAttribute("href")).toBe("/safety");
    expect(await page.getByRole("button", { name: /to a test list/ }).count()).toBe(0);
    // Members can send, with a key someone else creates.
    expect(await page.getByTestId("first-send-curl").textContent()).toContain("Bearer $MAILROOM_KEY");
    await page.close();
  });

  it("works at phone width and from the keyboard: menu, skip link, and forms on the routes' schemas", { timeout: 90_000 }, async () => {
    const owner = await newOrg();
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/`);
    await page.getByTestId("checklist-progress").waitFor();

    // Skip to content: the first Tab stop, and it moves focus to the main element.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");

    await page.setViewportSize(PHONE);
    const menu = page.getByRole("button", { name: "Menu" });
    const messages = page.getByRole("link", { name: "Messages", exact: true });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getAttribute("aria-controls")).toBe("main-nav");
    expect(await messages.isVisible()).toBe(false);

    // Opens from the keyboard, Escape closes it and focus returns to the button.
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await messages.isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Organization", exact: true }).getAttribute("href")).toBe("/organization");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await messages.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("main-nav");

    await menu.click();
    await screenshots(page, "menu-phone");
    await page.setViewportSize(PHONE);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    // Navigating closes it.
    await page.getByRole("link", { name: "Safety", exact: true }).click();
    await page.waitForURL(/\/safety$/);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    expect(await messages.isVisible()).toBe(false);

    // A test list, checked with the route's schema: a name, and addresses the schema accepts.
    await page.getByRole("button", { name: "Create test list" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email addresses").fill("bad, qa@example.com");
    await dialog.getByRole("button", { name: "Create test list" }).click();
    await dialog.getByText("Give the list a name of up to 100 characters.").waitFor();
    expect(await dialog.getByText("This is not a valid address: bad.").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Name").fill("QA");
    await dialog.getByLabel("Email addresses").fill("QA@example.com\nqa@example.com, dev@example.com");
    await dialog.getByRole("button", { name: "Create test list" }).click();
    await page.getByRole("list", { name: "Addresses on QA" }).waitFor();
    expect(await page.getByRole("list", { name: "Addresses on QA" }).getByRole("listitem").allTextContents()).toEqual([
      "qa@example.com",
      "dev@example.com",
    ]);

    // Audit dates: checked before the request, the problem next to the field.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("link", { name: "Audit log", exact: true }).click();
    await page.waitForURL(/\/audit$/);
    await page.getByText("Test list created").first().waitFor();
    await page.getByLabel("From").fill("2026-05-02T10:00");
    await page.getByLabel("To", { exact: true }).fill("2026-05-01T10:00");
    await page.getByText("“To” must be after “From”.").waitFor();
    expect(await page.getByLabel("To", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => page.getByText("“To” must be after “From”.").count()).toBe(0);
    await screenshots(page, "audit");
    await page.close();
  });
});
