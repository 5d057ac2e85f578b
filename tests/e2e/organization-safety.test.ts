// The organization and safety pages in a real browser: plan and this month's use of the
// allowance, rename and tracking (owners and admins only); the send-mode switch behind its
// confirmation for an admin, disabled with the reason for a member, whose direct request the
// server refuses anyway. Screenshots of these pages and of providers, audit and sign-in.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

describe("organization page", () => {
  it(
    "shows the plan and the month's sends; the owner renames and turns tracking off; a member only reads",
    { timeout: 120_000 },
    async () => {
      const owner = await newOrg("Settings Org");
      await db().sendCounter.create({ data: { orgId: owner.org.id, month: new Date().toISOString().slice(0, 7), count: 850 } });
      const page = await browser.context.newPage();
      await signInThroughForm(page, base(), owner.email, PASSWORD);
      await page.goto(`${base()}/organization`);
      await page.getByText("of 1,000 sends this month").waitFor();
      expect(await page.getByRole("meter", { name: "Monthly sends used" }).getAttribute("aria-valuenow")).toBe("850");
      await page.getByText("Free", { exact: true }).waitFor();
      await screenshots(page, "organization");

      await page.getByLabel("Name").fill("");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByText(/Give the organization a name/).waitFor();
      await page.getByLabel("Name").fill("Settings Org Renamed");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
      // The switch flips on the next tick (optimistic update), so wait for it rather than expect it at once.
      await page.getByLabel("Track opens and clicks").click();
      await expect.poll(() => page.getByLabel("Track opens and clicks").isChecked()).toBe(false);
      await expect
        .poll(async () => (await db().organization.findUniqueOrThrow({ where: { id: owner.org.id } })).trackingEnabled)
        .toBe(false);
      await page.reload();
      expect(await page.getByLabel("Name").inputValue()).toBe("Settings Org Renamed");
      expect(await page.getByLabel("Track opens and clicks").isChecked()).toBe(false);

      const member = await addMemberAs(owner.cookie, "member");
      await signInThroughForm(page, base(), member.email, PASSWORD);
      await page.goto(`${base()}/organization`);
      await page.getByText("of 1,000 sends this month").waitFor();
      expect(await page.getByLabel("Name").isDisabled()).toBe(true);
      expect(await page.getByLabel("Track opens and clicks").isDisabled()).toBe(true);
      await page.getByText("Only owners and admins can rename the organization.").waitFor();
      expect(await page.getByRole("button", { name: "Save name" }).count()).toBe(0);
      await page.close();
    },
  );
});

describe("retention on the organization page", () => {
  it(
    "says how long each kind is kept; the owner keeps bodies for less, past the instance's limit is refused",
    { timeout: 120_000 },
    async () => {
      const owner = await newOrg("Retention Org");
      const page = await browser.context.newPage();
      await signInThroughForm(page, base(), owner.email, PASSWORD);
      await page.goto(`${base()}/organization`);
      const bodies = page.getByLabel("Message bodies: keep for how many days");
      await bodies.waitFor();
      const instance = Number(await bodies.getAttribute("placeholder"));
      expect(await page.getByTestId("retention-kept-messageBodies").textContent()).toBe(`${instance} days`);

      await bodies.fill(String(instance + 1));
      await page.getByRole("button", { name: "Save retention" }).click();
      await page.getByText(`at most ${instance} days`).first().waitFor();
      await bodies.fill("2");
      await page.getByRole("button", { name: "Save retention" }).click();
      await expect.poll(() => page.getByTestId("retention-kept-messageBodies").textContent()).toBe("2 days");
      expect((await db().organization.findUniqueOrThrow({ where: { id: owner.org.id } })).retentionMessageBodiesDays).toBe(2);
      await page.reload();
      expect(await page.getByLabel("Message bodies: keep for how many days").inputValue()).toBe("2");

      const member = await addMemberAs(owner.cookie, "member");
      await signInThroughForm(page, base(), member.email, PASSWORD);
      await page.goto(`${base()}/organization`);
      await page.getByTestId("retention-kept-messageBodies").filter({ hasText: "2 days" }).waitFor();
      expect(await page.getByLabel("Events: keep for how many days").isDisabled()).toBe(true);
      await page.getByText("Only owners and admins can change retention.").waitFor();
      await page.close();
    },
  );
});

describe("safety page", () => {
  it(
    "an admin switches to production behind a confirmation; a member sees why not, and the server refuses the member",
    { timeout: 120_000 },
    async () => {
      const owner = await newOrg("Safety Org");
      const admin = await addMemberAs(owner.cookie, "admin");
      const member = await addMemberAs(owner.cookie, "member");
      const page = await browser.context.newPage();

      await signInThroughForm(page, base(), member.email, PASSWORD);
      await page.goto(`${base()}/safety`);
      expect(await page.getByTestId("send-mode").textContent()).toBe("Test mode");
      const memberSwitch = page.getByRole("button", { name: "Switch to production" });
      expect(await memberSwitch.isDisabled()).toBe(true);
      await page.getByText("Only owners and admins can change the send mode.").waitFor();
      await screenshots(page, "safety-member");
      const status = await page.evaluate(
        async () =>
          (
            await fetch("/api/safety/mode", {
              method: "PUT",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify({ mode: "production" }),
            })
          ).status,
      );
      expect(status).toBe(403);
      expect((await db().organization.findUniqueOrThrow({ where: { id: owner.org.id } })).sendMode).toBe("test");

      await signInThroughForm(page, base(), admin.email, PASSWORD);
      await page.goto(`${base()}/safety`);
      await page.getByRole("button", { name: "Switch to production" }).click();
      const dialog = page.getByRole("dialog", { name: "Switch to production?" });
      await dialog.waitFor();
      await screenshots(page, "safety-confirm");
      // Cancel changes nothing.
      await dialog.getByRole("button", { name: "Cancel" }).click();
      expect(await page.getByTestId("send-mode").textContent()).toBe("Test mode");
      await page.getByRole("button", { name: "Switch to production" }).click();
      await page.getByRole("dialog", { name: "Switch to production?" }).getByRole("button", { name: "Switch to production" }).click();
      await expect.poll(async () => page.getByTestId("send-mode").textContent()).toBe("Production");
      expect((await db().organization.findUniqueOrThrow({ where: { id: owner.org.id } })).sendMode).toBe("production");
      await screenshots(page, "safety");
      await page.close();
    },
  );
});

describe("the other pages, for a person to look at", () => {
  it("sign-in, providers and audit at desktop and phone width", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Screens Org");
    const page = await browser.context.newPage();
    await page.context().clearCookies();
    await page.goto(`${base()}/sign-in`);
    await page.getByLabel("Email").waitFor();
    await screenshots(page, "sign-in");
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/providers`);
    await page.getByRole("heading", { name: "Providers", level: 1 }).waitFor();
    await screenshots(page, "providers");
    await page.goto(`${base()}/audit`);
    await page.getByRole("heading", { name: "Audit log", level: 1 }).waitFor();
    await screenshots(page, "audit-log");
    await page.close();
  });
});
