// The Domains and Senders pages in a real browser: an admin adds a domain (a bad name refused
// by the server, shown in the dialog) and sees the records to publish with their status, runs
// a check, turns receiving on; adds senders (one at the pending domain, one elsewhere that
// needs confirming), renames and deletes one; a viewer sees both pages with every change off.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base, screenshots, signInThroughForm, suiteBrowser } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();
const hex = () => randomBytes(4).toString("hex");

describe("domains and senders pages", () => {
  it("adds a domain and shows its records, checks it, adds, renames and deletes senders", { timeout: 180_000 }, async () => {
    const owner = await newOrg("Domains Org");
    const domain = `mail-${hex()}.example.test`;
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/domains`);

    await page.getByRole("heading", { name: "Domains", level: 1 }).waitFor();
    await page.getByText("No domains yet").waitFor();

    // The server checks the name and its words show in the dialog.
    await page.getByRole("button", { name: "Add domain" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Domain", { exact: true }).fill("192.168.1.10");
    await dialog.getByRole("button", { name: "Add domain" }).click();
    await dialog.getByText(/an IP address is not a domain name/).waitFor();
    await dialog.getByLabel("Domain", { exact: true }).fill(domain.toUpperCase());
    await screenshots(page, "domains-add");
    await dialog.getByRole("button", { name: "Add domain" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(`Domain added: ${domain}`).waitFor();

    const card = page.getByTestId("domain-card").filter({ hasText: domain });
    await card.getByText("Pending", { exact: true }).waitFor();
    expect(await card.getByTestId("domain-last-check").textContent()).toBe("Not checked yet");
    const row = await db().domain.findUniqueOrThrow({ where: { name: domain } });
    const records = card.getByTestId("dns-record");
    expect(await records.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-record")))).toEqual([
      "spf",
      "dkim",
      "dmarc",
      "return_path",
    ]);
    const dkim = card.locator('[data-record="dkim"]');
    expect(await dkim.textContent()).toContain(`${row.dkimSelector}._domainkey.${domain}`);
    expect(await dkim.textContent()).toContain(`v=DKIM1; k=rsa; p=${row.dkimPublicKey}`);
    expect(await card.locator('[data-record="spf"]').textContent()).toContain("required");
    expect(await card.locator('[data-record="dmarc"]').textContent()).toContain("recommended");
    expect(await card.getByRole("button", { name: "Copy value" }).count()).toBe(4);
    expect(await card.getByText("Not checked", { exact: true }).count()).toBe(4);
    await screenshots(page, "domains");

    // A check runs the lookups now (this machine's DNS knows nothing of the name): still pending, now with a time.
    await card.getByRole("button", { name: /^Verify now/ }).click();
    await page.getByText(`${domain} is not verified yet: see each record's result.`).waitFor();
    await expect.poll(() => card.getByTestId("domain-last-check").textContent()).toMatch(/^Last checked/);
    expect(await card.getByText("Pending", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText("Not checked", { exact: true }).count()).toBe(0);

    // Receiving on: the MX record joins the list.
    await card.getByRole("button", { name: /^Receive mail/ }).click();
    await page.getByText(`Receiving mail for ${domain}`).waitFor();
    await card.locator('[data-record="mx"]').waitFor();
    expect(await card.getByText("Receiving", { exact: true }).isVisible()).toBe(true);

    // Senders: one at the (pending) domain, one elsewhere, each saying what it needs.
    await page.goto(`${base()}/senders`);
    await page.getByRole("heading", { name: "Senders", level: 1 }).waitFor();
    await page.getByText("No senders yet").waitFor();
    await page.getByRole("button", { name: "Add sender" }).click();
    await dialog.getByLabel("Email address").fill("not an address");
    await dialog.getByRole("button", { name: "Add sender" }).click();
    await dialog.getByText("Give a valid email address, e.g. news@example.com.").waitFor();
    await dialog.getByLabel("Email address").fill(`News@${domain}`);
    await dialog.getByLabel("Display name").fill("Acme News");
    await dialog.getByRole("button", { name: "Add sender" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText(`Sender added: news@${domain}`).waitFor();

    await page.getByRole("button", { name: "Add sender" }).click();
    await dialog.getByLabel("Email address").fill("me@personal.example.test");
    await dialog.getByRole("button", { name: "Add sender" }).click();
    await dialog.waitFor({ state: "hidden" });

    const rows = page.getByTestId("sender-row");
    await expect.poll(() => rows.count()).toBe(2);
    const news = rows.filter({ hasText: `news@${domain}` });
    const me = rows.filter({ hasText: "me@personal.example.test" });
    expect(await news.getByText("Not verified").isVisible()).toBe(true);
    expect(await news.getByText(`Its domain ${domain} is pending`).isVisible()).toBe(true);
    expect(await news.getByText("Acme News").isVisible()).toBe(true);
    expect(await me.getByText("No display name").isVisible()).toBe(true);
    expect(await me.getByRole("button", { name: /^Send confirmation/ }).isVisible()).toBe(true);
    await screenshots(page, "senders");

    // This instance has no system mail transport (SYSTEM_SMTP_URL): the refusal is said as is.
    await me.getByRole("button", { name: /^Send confirmation/ }).click();
    await page.getByText(/Sender confirmation by email is unavailable: this instance has no system mail transport/).waitFor();

    // Once the domain is verified, its senders are too.
    await db().domain.update({ where: { id: row.id }, data: { status: "verified", verifiedAt: new Date() } });
    await page.reload();
    await news.getByText("Verified by domain").waitFor();
    expect(await news.getByRole("button", { name: /^Send confirmation/ }).count()).toBe(0);

    await me.getByRole("button", { name: /^Rename/ }).click();
    await dialog.getByLabel("Display name").fill("Me, personally");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await me.getByText("Me, personally").waitFor();

    await me.getByRole("button", { name: /^Delete/ }).click();
    await dialog.getByText(/in production it can no longer be sent from/).waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("Sender deleted: me@personal.example.test").waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await db().sender.count({ where: { orgId: owner.org.id } })).toBe(1);
    await page.close();
  });

  it("shows a viewer both pages with every change off, and why", { timeout: 90_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const domain = `view-${hex()}.example.test`;
    expect(
      (
        await fetch(`${base()}/api/v1/domains`, {
          method: "POST",
          headers: { cookie: owner.cookie, "content-type": "application/json", origin: base() },
          body: JSON.stringify({ name: domain }),
        })
      ).status,
    ).toBe(201);
    await db().sender.create({ data: { orgId: owner.org.id, email: "someone@elsewhere.example.test" } });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);

    await page.goto(`${base()}/domains`);
    const card = page.getByTestId("domain-card").filter({ hasText: domain });
    await card.waitFor();
    expect(await page.getByRole("button", { name: "Add domain" }).isDisabled()).toBe(true);
    expect(await page.getByText("Only owners and admins can add domains.").isVisible()).toBe(true);
    expect(await card.getByRole("button", { name: /^Verify now/ }).getAttribute("aria-disabled")).toBe("true");
    expect(await card.getByRole("button", { name: /^Delete/ }).isDisabled()).toBe(true);
    expect(await card.getByRole("button", { name: "Copy host" }).count()).toBe(4);
    await screenshots(page, "domains-viewer");

    await page.goto(`${base()}/senders`);
    const row = page.getByTestId("sender-row").filter({ hasText: "someone@elsewhere.example.test" });
    await row.waitFor();
    expect(await page.getByRole("button", { name: "Add sender" }).isDisabled()).toBe(true);
    expect(await row.getByRole("button", { name: /^Send confirmation/ }).getAttribute("aria-disabled")).toBe("true");
    expect(await row.getByRole("button", { name: /^Rename/ }).isDisabled()).toBe(true);
    expect(await page.getByText(/viewers cannot change senders/).isVisible()).toBe(true);
    await page.close();
  });
});
