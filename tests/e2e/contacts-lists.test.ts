// The contacts and lists pages in a real browser: defining a property, creating a contact with
// it, importing a small CSV through the file input and reading its per-line report, creating a
// list and adding the contact, and the list's counts; a viewer sees both pages with every change off.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

describe("contacts and lists pages", () => {
  it("creates a contact with a property, imports a CSV with its report, and puts the contact on a list", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Audience Org");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/contacts`);
    await page.getByRole("heading", { name: "Contacts", level: 1 }).waitFor();
    await page.getByText("No contacts yet").waitFor();
    await screenshots(page, "contacts-empty");

    // A property definition first: a typed custom field.
    await page.getByRole("button", { name: "Properties" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("New property key").fill("Plan");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await dialog.getByText(/lower-case letters, digits and _/).waitFor(); // checked before sending
    await dialog.getByLabel("New property key").fill("plan");
    await dialog.getByRole("button", { name: "Add property" }).click();
    await page.getByText("Property added: plan").waitFor();
    await dialog.getByTestId("property-row").filter({ hasText: "plan" }).waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // A contact with the property.
    await page.getByRole("button", { name: "New contact" }).click();
    await dialog.getByLabel("Email").fill("Ada@Example.test");
    await dialog.getByLabel("Name").fill("Ada Lovelace");
    await dialog.getByLabel("plan").fill("pro");
    await screenshots(page, "contacts-new");
    await dialog.getByRole("button", { name: "Create contact" }).click();
    await page.getByText("Contact created: ada@example.test").waitFor();
    const rows = page.getByTestId("contact-row");
    const ada = rows.filter({ hasText: "ada@example.test" });
    await ada.getByText("pro", { exact: true }).waitFor();
    expect(await ada.getByText("Subscribed").isVisible()).toBe(true);

    // A CSV through the file input: two good rows, a bad address and a repeat.
    await page.getByRole("button", { name: "Import CSV" }).click();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "email,name,plan\nbob@example.test,Bob,free\nnot-an-address,Nobody,\ncarol@example.test,Carol,pro\nBOB@example.test,Bob again,\n",
      ),
    });
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const report = dialog.getByTestId("import-report");
    await report.waitFor();
    expect(await report.textContent()).toContain("4 rows read, 2 created, 0 updated, 2 refused");
    const refused = report.getByTestId("import-error");
    await expect.poll(() => refused.count()).toBe(2);
    expect(await refused.nth(0).textContent()).toMatch(/^3not-an-address.*not a valid email address/);
    expect(await refused.nth(1).textContent()).toMatch(/^5bob@example\.test.*already on line 2/);
    await screenshots(page, "contacts-import-report");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await page.getByTestId("contacts-count").textContent()).toBe("3 contacts");

    // Filtering by the property.
    await page.getByLabel("Property", { exact: true }).selectOption("plan");
    await page.getByLabel("Value").fill("pro");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId("contacts-count").textContent()).toBe("2 contacts match");
    await screenshots(page, "contacts");

    // A list, and the contact added to it by address.
    await page.goto(`${base()}/lists`);
    await page.getByRole("heading", { name: "Lists", level: 1 }).waitFor();
    await page.getByText("No lists yet").waitFor();
    await page.getByRole("button", { name: "New list" }).click();
    await dialog.getByLabel("Name").fill("Early readers");
    await dialog.getByRole("button", { name: "Create list" }).click();
    await page.getByText("List created: Early readers").waitFor();
    const list = page.getByTestId("list-row").filter({ hasText: "Early readers" });
    expect(await list.getByTestId("list-counts").textContent()).toMatch(/^0 members · 0 subscribed/);
    await list.getByRole("button", { name: /Members/ }).click();
    await dialog.getByLabel("Add by email").fill("ada@example.test");
    await dialog.getByRole("button", { name: "Add to list" }).click();
    await page.getByText("1 added").waitFor();
    await dialog.getByTestId("member-row").filter({ hasText: "ada@example.test" }).waitFor();
    expect(await dialog.getByTestId("members-count").textContent()).toBe("1 member");
    await screenshots(page, "lists-members");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(async () => list.getByTestId("list-counts").textContent()).toMatch(/^1 member · 1 subscribed/);
    await screenshots(page, "lists");

    const stored = await db().contactList.findFirstOrThrow({
      where: { orgId: owner.org.id, name: "Early readers" },
      include: { members: { include: { contact: true } } },
    });
    expect(stored.members.map((m) => m.contact.email)).toEqual(["ada@example.test"]);
    expect((await db().contact.findFirstOrThrow({ where: { orgId: owner.org.id, email: "ada@example.test" } })).properties).toEqual({
      plan: "pro",
    });
    await page.close();
  });

  it("shows a viewer contacts and lists with every change off", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    await db().contact.create({ data: { orgId: owner.org.id, email: "seen@example.test", name: "Seen" } });
    await db().contactList.create({ data: { orgId: owner.org.id, name: "Seen list" } });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);

    await page.goto(`${base()}/contacts`);
    const row = page.getByTestId("contact-row").filter({ hasText: "seen@example.test" });
    await row.waitFor();
    for (const button of [
      page.getByRole("button", { name: "New contact" }),
      page.getByRole("button", { name: "Import CSV" }),
      row.getByRole("button", { name: /Edit/ }),
      row.getByRole("button", { name: /Delete/ }),
    ]) {
      expect(await button.isDisabled()).toBe(true);
    }
    expect(await page.getByText(/Viewers can look at contacts and export them/).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toMatch(/^\/api\/v1\/contacts\/export/);

    await page.goto(`${base()}/lists`);
    const list = page.getByTestId("list-row").filter({ hasText: "Seen list" });
    await list.waitFor();
    expect(await page.getByRole("button", { name: "New list" }).isDisabled()).toBe(true);
    for (const button of [list.getByRole("button", { name: /Edit/ }), list.getByRole("button", { name: /Delete/ })]) {
      expect(await button.isDisabled()).toBe(true);
      const reasonId = await button.getAttribute("aria-describedby");
      expect(await page.locator(`[id="${reasonId}"]`).textContent()).toMatch(/viewers cannot change lists/);
    }
    await list.getByRole("button", { name: /Members/ }).click();
    await page.getByRole("dialog").getByText("0 members").waitFor();
    expect(await page.getByRole("dialog").getByLabel("Add by email").count()).toBe(0);
    await screenshots(page, "lists-viewer");
    await page.close();
  });
});
