// The campaigns pages in a real browser: creating a draft (list, sender and content picked,
// checked with the route's schema first), sending it after confirming and watching it reach
// "Sent" with its stats and recipients; scheduling another and cancelling it; and a viewer who
// sees campaigns with every change off, and why.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { newSink, productionMode, smtpProvider } from "../helpers/sending";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

async function readers(orgId: string) {
  const list = await db().contactList.create({ data: { orgId, name: "Readers" } });
  for (const [email, name, subscriptionStatus] of [
    ["ada@example.test", "Ada", "subscribed"],
    ["bob@example.test", "Bob", "subscribed"],
    ["cy@example.test", "Cy", "unsubscribed"],
  ]) {
    const c = await db().contact.create({ data: { orgId, email, name, subscriptionStatus } });
    await db().contactListMember.create({ data: { listId: list.id, contactId: c.id } });
  }
  return list.id;
}

describe("campaigns pages", () => {
  it(
    "creates a draft, sends it after confirming, shows its stats and recipients; schedules another and cancels it",
    { timeout: 120_000 },
    async () => {
      const owner = await newOrg("Campaigns Org");
      await productionMode(owner.org.id);
      const sink = await newSink();
      try {
        await smtpProvider(owner.cookie, sink);
        const listId = await readers(owner.org.id);
        const page = await browser.context.newPage();
        await signInThroughForm(page, base(), owner.email, PASSWORD);
        await page.goto(`${base()}/campaigns`);
        await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
        await page.getByText("No campaigns yet").waitFor();
        await screenshots(page, "campaigns-empty");

        await page.getByRole("button", { name: "New campaign" }).click();
        const dialog = page.getByRole("dialog");
        // Nothing given: the schema's messages before any request.
        await dialog.getByRole("button", { name: "Create draft" }).click();
        await dialog.getByText("name is required").waitFor();
        await dialog.getByText("Choose a list.").waitFor();
        await dialog.getByText("Choose a sender.").waitFor();
        expect(await dialog.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");

        await dialog.getByLabel("Name").fill("Welcome");
        await dialog.getByLabel("List").selectOption({ label: "Readers (2 subscribed)" });
        await dialog.getByLabel("Sender").selectOption({ label: "ann@sender.test" });
        await dialog.getByLabel("Subject").fill("Hi {{name}}");
        await dialog.getByLabel("HTML").fill("<p>Hello {{name}}</p>");
        await screenshots(page, "campaigns-new");
        await dialog.getByRole("button", { name: "Create draft" }).click();
        await page.waitForURL(/\/campaigns\/[0-9a-f-]{36}$/);
        await page.getByRole("heading", { name: "Welcome", level: 1 }).waitFor();
        expect(await page.getByTestId("campaign-status").textContent()).toBe("Draft");

        // Send now asks first, then the page follows it to Sent.
        await page.getByRole("button", { name: "Send now" }).click();
        const confirm = page.getByRole("dialog");
        await confirm.getByText("goes to every subscribed contact of").waitFor();
        await confirm.getByRole("button", { name: "Send now" }).click();
        await page.getByText("Sending started: Welcome").waitFor();
        await expect.poll(() => page.getByTestId("campaign-status").textContent(), { timeout: 30_000 }).toBe("Sent");
        await expect.poll(() => page.locator('[data-stat="sent"]').textContent(), { timeout: 10_000 }).toBe("2");
        expect(await page.locator('[data-stat="recipients"]').textContent()).toBe("3");
        expect(await page.locator('[data-stat="skipped"]').textContent()).toBe("1");
        await expect.poll(() => page.getByTestId("campaign-send-row").count()).toBe(3);
        const skipped = page.getByTestId("campaign-send-row").filter({ hasText: "cy@example.test" });
        expect(await skipped.getByText("the contact unsubscribed").isVisible()).toBe(true);
        // Read again once it is sent: no row is left showing "sending".
        const ada = page.getByTestId("campaign-send-row").filter({ hasText: "ada@example.test" });
        await ada.getByText("sent", { exact: true }).waitFor();
        expect(await page.getByTestId("campaign-send-row").getByText("sending", { exact: true }).count()).toBe(0);
        expect(await page.getByRole("button", { name: "Send now" }).count()).toBe(0);
        await screenshots(page, "campaign-sent");
        expect(sink.messages.flatMap((m) => m.rcptTo).sort()).toEqual(["ada@example.test", "bob@example.test"]);

        await page.goto(`${base()}/campaigns`);
        const row = page.getByTestId("campaign-row").filter({ hasText: "Welcome" });
        await row.getByText("Sent", { exact: true }).waitFor();
        expect(await row.getByTestId("campaign-progress").textContent()).toBe("2 of 3 sent · 1 skipped");

        // Schedule a second one, then cancel it.
        const sender = await db().sender.findFirstOrThrow({ where: { orgId: owner.org.id, email: "bea@sender.test" } });
        const later = await call("/api/v1/campaigns", {
          cookie: owner.cookie,
          body: { name: "Later", listId, senderId: sender.id, subject: "Soon", text: "Soon" },
        });
        await page.goto(`${base()}/campaigns/${later.body.data.id}`);
        await page.getByRole("button", { name: "Schedule", exact: true }).click();
        const when = page.getByRole("dialog");
        const day = new Date(Date.now() + 30 * 86_400_000);
        const pad = (n: number) => String(n).padStart(2, "0");
        const local = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:30`;
        await when.getByLabel("Start at").fill(local);
        await when.getByRole("button", { name: "Schedule" }).click();
        await page.getByText("Scheduled: Later").waitFor();
        await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("Scheduled");
        expect((await db().campaign.findUniqueOrThrow({ where: { id: later.body.data.id } })).scheduledAt).toEqual(new Date(local));
        await screenshots(page, "campaign-scheduled");
        await page.getByRole("button", { name: "Cancel campaign" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Cancel campaign" }).click();
        await page.getByText("Cancelled: Later").waitFor();
        await expect.poll(() => page.getByTestId("campaign-status").textContent()).toBe("Cancelled");
        expect(await page.getByRole("button", { name: "Cancel campaign" }).count()).toBe(0);
      } finally {
        await sink.close();
      }
    },
  );

  it("shows a viewer the campaigns with every change off, and why", { timeout: 60_000 }, async () => {
    const owner = await newOrg("Campaigns Viewer Org");
    const listId = await readers(owner.org.id);
    const sender = await db().sender.create({ data: { orgId: owner.org.id, email: "news@viewer.test" } });
    const made = await call("/api/v1/campaigns", {
      cookie: owner.cookie,
      body: { name: "Draft for viewers", listId, senderId: sender.id, subject: "S", text: "T" },
    });
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/campaigns`);
    await page.getByTestId("campaign-row").filter({ hasText: "Draft for viewers" }).waitFor();
    expect(await page.getByRole("button", { name: "New campaign" }).isDisabled()).toBe(true);
    expect(await page.getByText("Viewers can look at campaigns but not create or send them").isVisible()).toBe(true);
    await page.goto(`${base()}/campaigns/${made.body.data.id}`);
    await page.getByRole("heading", { name: "Draft for viewers", level: 1 }).waitFor();
    for (const name of ["Send now", "Schedule", "Edit", "Delete"]) {
      expect(await page.getByRole("button", { name, exact: true }).getAttribute("aria-disabled"), name).toBe("true");
    }
    expect(await page.getByText("Viewers can follow this campaign but not edit, send, pause or cancel it.").isVisible()).toBe(true);
    // aria-disabled: focusable, but a click does nothing.
    await page.getByRole("button", { name: "Send now" }).click({ force: true });
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: made.body.data.id } })).status).toBe("draft");
    await screenshots(page, "campaign-viewer");
  });
});
