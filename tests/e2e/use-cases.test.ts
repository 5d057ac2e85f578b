// The use cases page in a real browser: the empty state, creating use cases (checked with the
// route's schema first), making one the organization's default, editing one, deleting one behind
// a confirmation; and a viewer who sees the list with every change off, and why.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

const defaultUseCaseId = async (orgId: string) =>
  (await db().organization.findUniqueOrThrow({ where: { id: orgId }, select: { defaultUseCaseId: true } })).defaultUseCaseId;

describe("use cases page", () => {
  it("creates use cases, moves the default, edits one and deletes one after confirming", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Use Cases Org");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/use-cases`);

    await page.getByRole("heading", { name: "Use cases", level: 1 }).waitFor();
    await page.getByText("No use cases yet").waitFor();
    expect(await page.getByText(/such as “Password resets” or “Newsletter”\. Tag a send with its use_case_id/).isVisible()).toBe(true);
    expect(await page.getByText(/sends without one get the organization's default use case/).isVisible()).toBe(true);
    await screenshots(page, "use-cases-empty");

    // Create: a blank name is caught by the schema before any request, then two good ones.
    await page.getByRole("button", { name: "New use case" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Create use case" }).click();
    await dialog.getByText("name is required").waitFor();
    expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    await dialog.getByLabel("Name").fill("Password resets");
    await dialog.getByLabel("Description").fill("Links to choose a new password.");
    await screenshots(page, "use-cases-new");
    await dialog.getByRole("button", { name: "Create use case" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Use case created: Password resets").waitFor();

    await page.getByRole("button", { name: "New use case" }).click();
    await dialog.getByLabel("Name").fill("Newsletter");
    await dialog.getByRole("button", { name: "Create use case" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Use case created: Newsletter").waitFor();

    const rows = page.getByTestId("use-case-row");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId("use-cases-count").textContent()).toBe("2 use cases");
    const resets = rows.filter({ hasText: "Password resets" });
    const newsletter = rows.filter({ hasText: "Newsletter" });
    expect(await resets.getByText("Links to choose a new password.").isVisible()).toBe(true);
    expect(await newsletter.getByText("No description").isVisible()).toBe(true);
    expect(await page.getByText("Default", { exact: true }).count()).toBe(0);
    const ids = Object.fromEntries((await db().useCase.findMany({ where: { orgId: owner.org.id } })).map((u) => [u.name, u.id]));

    // Make default: one click, the badge follows it and the organization records it.
    await resets.getByRole("button", { name: /Make default/ }).click();
    await page.getByText("Default use case: Password resets").waitFor();
    await resets.getByText("Default", { exact: true }).waitFor();
    expect(await resets.getByRole("button", { name: /Make default/ }).count()).toBe(0);
    expect(await defaultUseCaseId(owner.org.id)).toBe(ids["Password resets"]);

    await newsletter.getByRole("button", { name: /Make default/ }).click();
    await page.getByText("Default use case: Newsletter").waitFor();
    await newsletter.getByText("Default", { exact: true }).waitFor();
    await resets.getByRole("button", { name: /Make default/ }).waitFor();
    expect(await resets.getByText("Default", { exact: true }).count()).toBe(0);
    expect(await defaultUseCaseId(owner.org.id)).toBe(ids.Newsletter);
    await screenshots(page, "use-cases");

    // Edit: the dialog starts from the use case; the name is checked again.
    await newsletter.getByRole("button", { name: /Edit/ }).click();
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Newsletter");
    await dialog.getByLabel("Name").fill("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("name is required").waitFor();
    await dialog.getByLabel("Name").fill("Monthly newsletter");
    await dialog.getByLabel("Description").fill("News for subscribers, once a month.");
    await screenshots(page, "use-cases-edit");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Use case saved: Monthly newsletter").waitFor();
    const monthly = rows.filter({ hasText: "Monthly newsletter" });
    await monthly.getByText("News for subscribers, once a month.").waitFor();
    expect(await monthly.getByText("Default", { exact: true }).isVisible()).toBe(true);

    // Delete: the dialog says messages keep their history but lose the link; Cancel keeps it.
    await resets.getByRole("button", { name: /Delete/ }).click();
    await dialog.getByText(/keep their history but lose the link/).waitFor();
    expect(await dialog.textContent()).toContain("Password resets");
    await screenshots(page, "use-cases-delete");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await resets.count()).toBe(1);
    await resets.getByRole("button", { name: /Delete/ }).click();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Use case deleted: Password resets").waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await db().useCase.count({ where: { orgId: owner.org.id, name: "Password resets" } })).toBe(0);
    expect(await defaultUseCaseId(owner.org.id)).toBe(ids.Newsletter);

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "use-cases-dark");
    await page.close();
  });

  it("shows a viewer the list with every change disabled, and why", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const u = await db().useCase.create({ data: { orgId: owner.org.id, name: "Receipts", description: "After each order." } });
    await db().useCase.create({ data: { orgId: owner.org.id, name: "Reminders", description: "" } });
    await db().organization.update({ where: { id: owner.org.id }, data: { defaultUseCaseId: u.id } });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/use-cases`);

    const rows = page.getByTestId("use-case-row");
    const receipts = rows.filter({ hasText: "Receipts" });
    const reminders = rows.filter({ hasText: "Reminders" });
    await receipts.waitFor();
    expect(await receipts.getByText("Default", { exact: true }).isVisible()).toBe(true);
    const add = page.getByRole("button", { name: "New use case" });
    expect(await add.count()).toBe(1);
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText(/Viewers can look at the use cases but not add them/).isVisible()).toBe(true);
    for (const button of [
      reminders.getByRole("button", { name: /Make default/ }),
      receipts.getByRole("button", { name: /Edit/ }),
      receipts.getByRole("button", { name: /Delete/ }),
    ]) {
      expect(await button.isDisabled()).toBe(true);
      const reasonId = await button.getAttribute("aria-describedby");
      expect(reasonId).toBeTruthy();
      expect(await page.locator(`[id="${reasonId}"]`).textContent()).toMatch(/viewers cannot change use cases/);
    }
    await screenshots(page, "use-cases-viewer");
    await page.close();
  });
});
