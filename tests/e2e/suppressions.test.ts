// The suppressions page in a real browser: the empty state, adding an address (checked with the
// route's schema first), search and the reason filter, removing one behind a confirmation; and
// a viewer who sees the list with add and remove off, and why.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

describe("suppressions page", () => {
  it("adds an address, finds it by search and reason, and removes it after confirming", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Suppressions Org");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/suppressions`);

    await page.getByRole("heading", { name: "Suppressions", level: 1 }).waitFor();
    const empty = page.getByText("No suppressed addresses");
    await empty.waitFor();
    expect(
      await page
        .getByText(/bounces hard, when a recipient marks a message as spam or unsubscribes, or when someone adds them by/)
        .isVisible(),
    ).toBe(true);
    expect(await page.getByText(/Sends to an address on this list are refused/).isVisible()).toBe(true);
    await screenshots(page, "suppressions-empty");

    // Add: a bad address is caught before any request, then a good one (lower-cased by the API).
    await page.getByRole("button", { name: "Add address" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email address").fill("not an address");
    await dialog.getByRole("button", { name: "Add address" }).click();
    await dialog.getByText("Enter one email address, like name@example.com.").waitFor();
    expect(await dialog.getByLabel("Email address").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Email address").fill("Person@Shop.Example");
    await screenshots(page, "suppressions-add");
    await dialog.getByRole("button", { name: "Add address" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Suppressed: person@shop.example").waitFor();
    const rows = page.getByTestId("suppression-row");
    const person = rows.filter({ hasText: "person@shop.example" });
    await person.waitFor();
    expect(await person.getByText("Added by hand").isVisible()).toBe(true);

    // Adding it again is not an error: it is already there.
    await page.getByRole("button", { name: "Add address" }).first().click();
    await dialog.getByLabel("Email address").fill("PERSON@shop.example");
    await dialog.getByRole("button", { name: "Add address" }).click();
    await page.getByText("Already suppressed: person@shop.example").waitFor();
    expect(await rows.count()).toBe(1);

    // What bounces and complaints put here, as publish-events does.
    await db().suppression.createMany({
      data: [
        { orgId: owner.org.id, email: "gone@other.example", reason: "bounce" },
        { orgId: owner.org.id, email: "angry@shop.example", reason: "complaint" },
        { orgId: owner.org.id, email: "100%real@other.example", reason: "unsubscribe" },
      ],
    });
    await page.reload();
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.getByTestId("suppressions-count").textContent()).toBe("4 addresses");

    const search = page.getByLabel("Search", { exact: true });
    await search.fill("SHOP.example");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId("suppressions-count").textContent()).toBe("2 addresses match");
    await search.fill("%");
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining("100%real@other.example")]);
    await search.fill("");
    await page.getByLabel("Reason", { exact: true }).selectOption("complaint");
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining("angry@shop.example")]);
    await search.fill("other");
    await page.getByText("No addresses match").waitFor();
    await page.getByRole("button", { name: "Clear search and filter" }).click();
    await expect.poll(() => rows.count()).toBe(4);
    await screenshots(page, "suppressions");

    // Remove: the dialog says mail will go out again; Cancel keeps it, Remove takes it off.
    await person.getByRole("button", { name: /Remove/ }).click();
    await dialog.getByText(/will be sent again/).waitFor();
    expect(await dialog.textContent()).toContain("person@shop.example");
    await screenshots(page, "suppressions-remove");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await person.count()).toBe(1);
    await person.getByRole("button", { name: /Remove/ }).click();
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    await page.getByText("Removed from the suppression list: person@shop.example").waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await db().suppression.count({ where: { orgId: owner.org.id, email: "person@shop.example" } })).toBe(0);

    // A complaint's removal warns that the recipient asked for no more mail.
    await rows
      .filter({ hasText: "angry@shop.example" })
      .getByRole("button", { name: /Remove/ })
      .click();
    await dialog.getByText(/Only remove it if the recipient has asked/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "suppressions-dark");
    await page.close();
  });

  it("shows a viewer the list with add and remove disabled, and why", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    await db().suppression.create({ data: { orgId: owner.org.id, email: "gone@viewer.example", reason: "bounce" } });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/suppressions`);

    const row = page.getByTestId("suppression-row").filter({ hasText: "gone@viewer.example" });
    await row.waitFor();
    expect(await row.getByText("Hard bounce").isVisible()).toBe(true);
    const add = page.getByRole("button", { name: "Add address" });
    expect(await add.count()).toBe(1);
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText(/Viewers can look at the list but not add addresses/).isVisible()).toBe(true);
    const remove = row.getByRole("button", { name: /Remove/ });
    expect(await remove.isDisabled()).toBe(true);
    const reasonId = await remove.getAttribute("aria-describedby");
    expect(reasonId).toBeTruthy();
    expect(await page.locator(`[id="${reasonId}"]`).textContent()).toMatch(/viewers cannot change the suppression list/);
    await screenshots(page, "suppressions-viewer");
    await page.close();
  });
});
