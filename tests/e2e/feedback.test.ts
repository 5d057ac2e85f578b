// Feedback on one-click actions in a real browser: optimistic changes shown before the server
// answers, success and error toasts (the error with the API's own message), keyboard focus kept
// through a reorder and after a delete, and what a role may not do shown with its reason.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { launchBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { db } from "@/lib/db/client";

let browser: Awaited<ReturnType<typeof launchBrowser>>;
let receiver: Receiver;
const base = () => inject("baseUrl");
const hex = () => randomBytes(3).toString("hex");

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startReceiver();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

async function addProvider(cookie: string, name: string, priority: number): Promise<string> {
  const res = await call("/api/providers", {
    cookie,
    body: { name, type: "postmark", config: { serverToken: randomUUID() }, isActive: true, priority },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
}

/** The names in the providers list, top to bottom. */
async function shownOrder(page: Page, names: string[]): Promise<string[]> {
  const rows = await page.getByRole("list", { name: "Providers in sending order" }).locator(":scope > li").allTextContents();
  return rows.map((text) => names.find((n) => text.includes(n)) ?? "?");
}

const focused = (page: Page) =>
  page.evaluate(() => (document.activeElement === document.body ? "<body>" : (document.activeElement?.textContent ?? "").trim()));

const toasts = (page: Page, kind: "success" | "error") => page.locator(`[data-testid="toast"][data-kind="${kind}"]`);

describe("feedback on actions", () => {
  it("disables a provider at once with a toast, and reorders by keyboard keeping focus", { timeout: 120_000 }, async () => {
    const owner = await newOrg();
    // The free plan allows two providers; three show a reorder with a middle.
    await db().organization.update({ where: { id: owner.org.id }, data: { plan: "starter" } });
    const names = [`Alpha ${hex()}`, `Bravo ${hex()}`, `Charlie ${hex()}`];
    const ids = [
      await addProvider(owner.cookie, names[0], 10),
      await addProvider(owner.cookie, names[1], 20),
      await addProvider(owner.cookie, names[2], 30),
    ];
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/providers`);
    await page.getByRole("listitem").filter({ hasText: names[2] }).waitFor();
    expect(await shownOrder(page, names)).toEqual(names);

    // Hold the PUT: the row must change before the server has answered.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/providers/*", async (route) => {
      if (route.request().method() === "PUT") await held;
      await route.continue();
    });
    const alpha = page.getByRole("listitem").filter({ hasText: names[0] });
    const disable = alpha.getByRole("button", { name: /^Disable/ });
    await disable.focus();
    await page.keyboard.press("Enter");
    await alpha.getByText("Disabled", { exact: true }).waitFor({ timeout: 3_000 });
    expect(await alpha.getByRole("button", { name: /^Enable/ }).getAttribute("aria-disabled")).toBe("true");
    expect(await toasts(page, "success").count()).toBe(0);
    // Focus stayed on the button while its request ran.
    expect(await focused(page)).toMatch(/^Enable/);
    release();
    const done = toasts(page, "success").filter({ hasText: `Provider disabled: ${names[0]}` });
    await done.waitFor();
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: `Provider disabled: ${names[0]}` })
        .count(),
    ).toBe(1);
    await expect.poll(() => alpha.getByRole("button", { name: /^Enable/ }).getAttribute("aria-disabled")).toBeNull();
    await page.unroute("**/api/providers/*");
    const stored = await call(`/api/providers/${ids[0]}`, { cookie: owner.cookie });
    expect(stored.body.isActive).toBe(false);
    await screenshots(page, "feedback-toast-success");

    // Dismiss it by keyboard.
    await done.getByRole("button", { name: "Dismiss notification" }).focus();
    await page.keyboard.press("Enter");
    await done.waitFor({ state: "detached" });

    // Move Alpha down twice with the keyboard: the order changes, focus stays on the button.
    const moveDown = alpha.getByRole("button", { name: /^Move down/ });
    await moveDown.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => shownOrder(page, names)).toEqual([names[1], names[0], names[2]]);
    expect(await focused(page)).toBe(`↓Move down ${names[0]}`);
    await expect.poll(() => page.locator('ol[aria-busy="true"]').count()).toBe(0);
    await toasts(page, "success").filter({ hasText: "Sending order saved" }).waitFor();

    await page.keyboard.press("Enter");
    await expect.poll(() => shownOrder(page, names)).toEqual([names[1], names[2], names[0]]);
    expect(await focused(page)).toBe(`↓Move down ${names[0]}`);
    await expect.poll(() => page.locator('ol[aria-busy="true"]').count()).toBe(0);
    // Now last: Move down no longer applies, but keeps focus, and pressing it does nothing.
    await expect.poll(() => moveDown.getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await focused(page)).toBe(`↓Move down ${names[0]}`);

    // And up once, by keyboard.
    await alpha.getByRole("button", { name: /^Move up/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => shownOrder(page, names)).toEqual([names[1], names[0], names[2]]);
    expect(await focused(page)).toBe(`↑Move up ${names[0]}`);
    await expect.poll(() => page.locator('ol[aria-busy="true"]').count()).toBe(0);

    // The server keeps the order shown.
    await page.reload();
    await page.getByRole("listitem").filter({ hasText: names[2] }).waitFor();
    expect(await shownOrder(page, names)).toEqual([names[1], names[0], names[2]]);
    await screenshots(page, "feedback-providers");

    // Deleting a row through its dialog leaves focus on the list's heading, not on <body>.
    await page
      .getByRole("listitem")
      .filter({ hasText: names[2] })
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await page.getByRole("listitem").filter({ hasText: names[2] }).waitFor({ state: "detached" });
    await expect.poll(() => focused(page)).toBe("Providers");
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    await page.close();
  });

  it("shows the API's message in an error toast when a change is refused", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const url = receiver.url(`/hooks/feedback-${hex()}`);
    const created = await call("/api/v1/webhook-endpoints", { cookie: owner.cookie, body: { url, events: ["email.delivered"] } });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: string } }).data.id;

    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/webhooks`);
    const item = page.getByTestId("webhook-endpoint").filter({ hasText: url });
    await item.waitFor();

    // Meanwhile, someone else deletes it.
    expect((await call(`/api/v1/webhook-endpoints/${id}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const refused = await call(`/api/v1/webhook-endpoints/${id}`, { method: "PATCH", cookie: owner.cookie, body: { isActive: false } });
    expect(refused.status).toBe(404);
    const message = (refused.body as { error: string }).error;
    expect(message).toBeTruthy();

    await item.getByRole("button", { name: /^Disable/ }).click();
    const error = toasts(page, "error").filter({ hasText: message });
    await error.waitFor();
    expect(await error.textContent()).toContain("Could not change the endpoint");
    expect(await page.getByRole("alert").filter({ hasText: message }).count()).toBe(1);
    // The refetch after the refusal shows what is really there: nothing.
    await item.waitFor({ state: "detached" });
    await page.getByText("No webhook endpoints yet").waitFor();
    expect(await error.count()).toBe(1);
    await screenshots(page, "feedback-toast-error");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "feedback-toast-error-dark");
    await page.close();
  });

  it("members: the sole owner's row says why it cannot change, and a role change shows a toast", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const member = await addMemberAs(owner.cookie, "member");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/members`);

    const own = page.getByTestId("member").filter({ hasText: owner.email });
    await own.waitFor();
    const ownSelect = own.getByLabel(`Role for ${owner.email}`);
    expect(await ownSelect.isDisabled()).toBe(true);
    expect(await own.getByRole("button", { name: `Remove ${owner.email}` }).isDisabled()).toBe(true);
    const reason = own.getByText(/at least one owner/);
    expect(await reason.isVisible()).toBe(true);
    // Tied to the controls for screen readers, not only a tooltip.
    const describedBy = await ownSelect.getAttribute("aria-describedby");
    expect(await reason.getAttribute("id")).toBe(describedBy);

    const other = page.getByTestId("member").filter({ hasText: member.email });
    const select = other.getByLabel(`Role for ${member.email}`);
    await select.selectOption("admin");
    await toasts(page, "success").filter({ hasText: "Role changed to admin" }).waitFor();
    expect(await select.inputValue()).toBe("admin");
    const list = await call("/api/org/members", { cookie: owner.cookie });
    expect((list.body.members as { email: string; role: string }[]).find((m) => m.email === member.email)?.role).toBe("admin");
    await screenshots(page, "feedback-members");
    await page.close();

    // The new admin sees the owner's row read-only, with the reason in words.
    const adminPage = await browser.context.newPage();
    await signInThroughForm(adminPage, base(), member.email, PASSWORD);
    await adminPage.goto(`${base()}/members`);
    const ownerRow = adminPage.getByTestId("member").filter({ hasText: owner.email });
    await ownerRow.getByText("Only an owner can change an owner.").waitFor();
    expect(await ownerRow.getByRole("combobox").count()).toBe(0);
    await adminPage.close();
  });
});
