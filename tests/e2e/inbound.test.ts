// The Inbound page in a real browser: add a domain, create a rule through the editor (the
// route's schema catching mistakes first), test it with a matching and a non-matching sample,
// edit it; receive a message through Postmark's inbound webhook, watch it reach the inbox
// tagged by the rule, read it, download its attachment; delete the rule. And a member, who sees
// the rules and may test them but not change them.
import { readFileSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { basicAuthHeaders } from "../helpers/provider-signing";

const browser = suiteBrowser();
const hex = (n = 4) => randomBytes(n).toString("hex");

/** A Postmark provider with inbound webhook credentials, added through the API like the Providers page does. */
async function postmarkProvider(cookie: string) {
  const auth = { webhookUsername: "postmark", webhookPassword: randomBytes(18).toString("base64url") };
  const res = await call("/api/providers", {
    cookie,
    body: { name: `Postmark ${hex()}`, type: "postmark", config: { serverToken: randomUUID(), ...auth }, isActive: true, priority: 10 },
  });
  expect(res.status).toBe(201);
  return { id: (res.body as { id: string }).id, ...auth };
}

/** Postmark's inbound webhook body (its docs' "Inbound webhook" example, trimmed). */
function postmarkInbound(to: string, subject: string) {
  return JSON.stringify({
    FromName: "Vendor Billing",
    From: "billing@vendor.example",
    FromFull: { Email: "billing@vendor.example", Name: "Vendor Billing", MailboxHash: "" },
    To: to,
    ToFull: [{ Email: to, Name: "", MailboxHash: "" }],
    CcFull: [],
    OriginalRecipient: to,
    Subject: subject,
    MessageID: randomUUID(),
    ReplyTo: "",
    MailboxHash: "",
    Date: new Date().toUTCString(),
    TextBody: "Please find the invoice attached.\nTotal: 42 EUR",
    HtmlBody: "<p>Please find the <b>invoice</b> attached.</p><p>Total: 42 EUR</p>",
    StrippedTextReply: "",
    Tag: "",
    Headers: [
      { Name: "Message-ID", Value: `<${randomUUID()}@vendor.example>` },
      { Name: "X-Spam-Status", Value: "No" },
    ],
    Attachments: [
      {
        Name: "invoice.txt",
        Content: Buffer.from("Invoice 42\nTotal: 42 EUR\n").toString("base64"),
        ContentType: "text/plain",
        ContentLength: 25,
      },
    ],
  });
}

async function runTest(page: Page, sample: { from: string; to: string; subject: string }) {
  const box = page.getByTestId("rule-test-box");
  await box.getByLabel("Sample from").fill(sample.from);
  await box.getByLabel("Sample to").fill(sample.to);
  await box.getByLabel("Sample subject").fill(sample.subject);
  await box.getByRole("button", { name: "Run test" }).click();
  await box.getByRole("button", { name: "Run test" }).waitFor();
  return box.getByTestId("rule-test-result");
}

describe("inbound page", () => {
  it(
    "adds a domain, creates, tests, edits and deletes a rule, and reads a message received through Postmark",
    { timeout: 180_000 },
    async () => {
      const owner = await newOrg("Inbound Org");
      const domain = `in-${hex()}.example.test`;
      const page = await browser.context.newPage();
      await signInThroughForm(page, base(), owner.email, PASSWORD);

      await page.getByRole("link", { name: "Inbound", exact: true }).click();
      await page.waitForURL(/\/inbound$/);
      await page.getByText("No rules yet").waitFor();
      await screenshots(page, "inbound-rules-empty");

      // Domains: the schema refuses a bad name; then add, pause and resume one.
      await page.getByRole("tab", { name: "Domains" }).click();
      await page.waitForURL(/tab=domains/);
      await page.getByText("No domains yet").waitFor();
      await page.getByLabel("Add a domain").fill("not a domain");
      await page.getByRole("button", { name: "Add domain" }).click();
      await page.getByText(/Not a valid domain name/).waitFor();
      await page.getByLabel("Add a domain").fill(domain.toUpperCase());
      await page.getByRole("button", { name: "Add domain" }).click();
      const domainItem = page.getByTestId("inbound-domain").filter({ hasText: domain });
      await domainItem.getByText("Receiving", { exact: true }).waitFor();
      await domainItem.getByRole("button", { name: /^Pause receiving/ }).click();
      await domainItem.getByText("Paused", { exact: true }).waitFor();
      await domainItem.getByRole("button", { name: /^Resume receiving/ }).click();
      await domainItem.getByText("Receiving", { exact: true }).waitFor();
      // Taken already: the server's 409 shows under the input.
      await page.getByLabel("Add a domain").fill(domain);
      await page.getByRole("button", { name: "Add domain" }).click();
      await page.getByText(/already in use/).waitFor();
      await screenshots(page, "inbound-domains");

      // A new rule: the route's own schema checks the form before anything is sent.
      await page.getByRole("tab", { name: "Rules" }).click();
      await page.getByRole("button", { name: "New rule" }).click();
      await page.getByRole("button", { name: "Create rule" }).click();
      await page.getByText("Give the rule a name.").waitFor();
      await page.getByText("Give a value").waitFor();

      await page.getByLabel("Name", { exact: true }).fill("Invoices");
      const condition = page.getByTestId("condition-row").first();
      // An RE2 pattern that does not compile is caught in the browser with RE2's own message.
      await condition.getByLabel("Operator").selectOption("matches");
      await condition.getByLabel("Value").fill("(invoice");
      await page.getByRole("button", { name: "Create rule" }).click();
      await condition.getByText(/Not a valid regular expression/).waitFor();
      await condition.getByLabel("Operator").selectOption("contains");
      await condition.getByLabel("Value").fill("invoice");
      // The same conditions as JSON (for nesting groups), and back to the form.
      await page.getByRole("button", { name: "Edit as JSON" }).click();
      const json = page.getByLabel("Conditions JSON");
      expect(JSON.parse(await json.inputValue())).toEqual([{ field: "subject", operator: "contains", value: "invoice" }]);
      await page.getByRole("button", { name: "Edit as form" }).click();
      expect(await condition.getByLabel("Value").inputValue()).toBe("invoice");
      // Actions: keep in inbox (the default), then tag.
      await page.getByRole("button", { name: "Add action" }).click();
      const tagAction = page.getByTestId("action-row").nth(1);
      expect(await tagAction.getByLabel("Type").inputValue()).toBe("tag");
      await tagAction.getByLabel("Tags").fill("invoice, billing");
      await page.getByRole("button", { name: "Create rule" }).click();
      await page.getByTestId("rule-saved").getByText("Rule created").waitFor();
      await screenshots(page, "inbound-rule-editor");

      // The test box: the saved rule matches one sample and not the other.
      const to = `inbox@${domain}`;
      let result = await runTest(page, { from: "billing@vendor.example", to, subject: "Your INVOICE #42" });
      await result.waitFor();
      expect(await result.getByTestId("rule-test-verdict").textContent()).toBe("This rule (“Invoices”) matched.");
      expect(await result.textContent()).toContain("Evaluated 1 enabled rule: 1 matched.");
      expect(await result.textContent()).toContain("kept in the inbox, tagged invoice, billing");
      await screenshots(page, "inbound-rule-test");
      result = await runTest(page, { from: "friend@example.com", to, subject: "Lunch on Friday?" });
      await result.getByText("This rule (“Invoices”) did not match.").waitFor();
      expect(await result.textContent()).toContain("Evaluated 1 enabled rule: 0 matched.");
      expect(await result.textContent()).toContain("No rule matched: the message would stay in the inbox.");

      // Back to the list: the rule in words.
      await page.getByRole("button", { name: "Done" }).click();
      const item = page.getByTestId("inbound-rule").filter({ hasText: "Invoices" });
      await item.waitFor();
      expect(await item.textContent()).toContain("subject contains “invoice”");
      expect(await item.textContent()).toContain("keep in inbox · tag invoice, billing");
      expect(await item.getByText("Enabled", { exact: true }).isVisible()).toBe(true);
      await screenshots(page, "inbound-rules");

      // Edit. First a refusal only the server can make: the webhook endpoint picked is gone by the
      // time the rule is saved. Its message shows by the picker and in full.
      const endpoint = await call("/api/v1/webhook-endpoints", {
        cookie: owner.cookie,
        body: { url: "http://127.0.0.1:9/inbound-hook", description: "Billing hook" },
      });
      expect(endpoint.status).toBe(201);
      const endpointId = (endpoint.body as { data: { id: string } }).data.id;
      await item.getByRole("button", { name: /^Edit/ }).click();
      await page.getByRole("button", { name: "Add action" }).click();
      const hookAction = page.getByTestId("action-row").nth(2);
      await hookAction.getByLabel("Type").selectOption("webhook");
      await hookAction.getByLabel("Webhook endpoint").selectOption(endpointId);
      expect((await call(`/api/v1/webhook-endpoints/${endpointId}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(200);
      await page.getByRole("button", { name: "Save changes" }).click();
      await hookAction.getByText("No webhook endpoint with this id").waitFor();
      await page.getByRole("alert").filter({ hasText: "body.actions.2.endpointId: no webhook endpoint with this id" }).waitFor();
      await screenshots(page, "inbound-rule-server-error");
      await hookAction.getByRole("button", { name: /^Remove/ }).click();

      // Then rename and reprioritise.
      await page.getByLabel("Name", { exact: true }).fill("Invoices and receipts");
      await page.getByLabel("Priority").fill("5");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByTestId("rule-saved").getByText("Changes saved.").waitFor();
      await page.getByRole("button", { name: "Done" }).click();
      const edited = page.getByTestId("inbound-rule").filter({ hasText: "Invoices and receipts" });
      await edited.getByText("Priority 5").waitFor();

      // The inbox: empty, saying how mail arrives.
      await page.getByRole("tab", { name: "Inbox" }).click();
      await page.getByText("No mail received yet").waitFor();
      expect(await page.getByText("INBOUND_SMTP_PORT").first().isVisible()).toBe(true);
      await screenshots(page, "inbound-inbox-empty");

      // A message through the real path: Postmark's inbound webhook, verified with Basic credentials.
      const provider = await postmarkProvider(owner.cookie);
      const subject = `Invoice 42 for March ${hex()}`;
      const posted = await call(`/api/inbound/providers/${provider.id}`, {
        raw: postmarkInbound(to, subject),
        headers: basicAuthHeaders(provider.webhookUsername, provider.webhookPassword),
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ received: 1 });

      // The rules run as a job; the inbox polls and shows it, tagged.
      const row = page.getByTestId("inbox-row").filter({ hasText: subject });
      await row.waitFor({ timeout: 20_000 });
      await row.getByText("invoice", { exact: true }).waitFor();
      expect(await row.textContent()).toContain("Vendor Billing");
      expect(await row.textContent()).toContain("1 attachment");
      await screenshots(page, "inbound-inbox");

      // The tag filter: its own tag finds it, another does not.
      await page.getByLabel("Tag", { exact: true }).fill("billing");
      await page.waitForURL(/tag=billing/);
      await row.waitFor();
      await page.getByLabel("Tag", { exact: true }).fill("nothing-here");
      await page.getByText("No messages match").waitFor();
      await page.getByRole("button", { name: "Clear search and tag" }).click();

      // The message: addresses, sandboxed HTML, text, the rules' results, the attachment.
      await row.getByRole("link").click();
      await page.waitForURL(/\/inbound\/messages\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { name: subject }).waitFor();
      expect(await page.getByText("Vendor Billing <billing@vendor.example>").isVisible()).toBe(true);
      const frame = page.locator('iframe[title="Message HTML"]');
      expect(await frame.getAttribute("sandbox")).toBe("");
      await page.frameLocator('iframe[title="Message HTML"]').getByText("attached.").waitFor();
      const results = page.getByTestId("inbox-rule-results");
      await results.getByText("Invoices and receipts").waitFor();
      expect(await results.textContent()).toMatch(/Keep in inbox\s*Done/);
      expect(await results.textContent()).toMatch(/Tag\s*Done/);
      await screenshots(page, "inbound-message");

      await page.getByText("Text", { exact: true }).click();
      expect(await page.getByTestId("message-text").textContent()).toBe("Please find the invoice attached.\nTotal: 42 EUR");

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /^Download/ }).click()]);
      expect(download.suggestedFilename()).toBe("invoice.txt");
      expect(readFileSync((await download.path())!, "utf8")).toBe("Invoice 42\nTotal: 42 EUR\n");

      // Owners may reply; the route's schema wants a message first.
      await page.getByRole("button", { name: "Send reply" }).click();
      await page.getByText("Write the reply.").waitFor();

      // Back lands on the inbox tab.
      await page.getByRole("link", { name: "Inbox" }).first().click();
      await page.waitForURL(/\/inbound\?tab=inbox/);
      await row.waitFor();

      // Delete the rule.
      await page.getByRole("tab", { name: "Rules" }).click();
      await edited.getByRole("button", { name: /^Delete/ }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("No rules yet").waitFor();

      await page.emulateMedia({ colorScheme: "dark" });
      await page.getByRole("tab", { name: "Inbox" }).click();
      await row.waitFor();
      await screenshots(page, "inbound-inbox-dark");
      await page.close();
    },
  );

  it("shows a member the rules and the test box, but nothing to change", { timeout: 90_000 }, async () => {
    const owner = await newOrg();
    const member = await addMemberAs(owner.cookie, "member");
    const created = await call("/api/inbound/rules", {
      cookie: owner.cookie,
      body: {
        name: "Drop spam",
        priority: 1,
        conditions: [{ field: "header", name: "X-Spam-Flag", operator: "equals", value: "YES" }],
        actions: [{ type: "drop" }],
      },
    });
    expect(created.status).toBe(200);

    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), member.email, PASSWORD);
    await page.goto(`${base()}/inbound`);
    const item = page.getByTestId("inbound-rule").filter({ hasText: "Drop spam" });
    await item.waitFor();
    expect(await item.textContent()).toContain("header X-Spam-Flag is “YES”");
    const create = page.getByRole("button", { name: "New rule" });
    expect(await create.count()).toBe(1);
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByText("Only owners and admins can create or change inbound rules.").isVisible()).toBe(true);
    for (const action of [/^Edit/, /^Disable/, /^Delete/]) {
      expect(await page.getByRole("button", { name: action }).count()).toBe(0);
    }

    // Testing changes nothing, so members may: a spam-flagged sample would be dropped.
    const box = page.getByTestId("rule-test-box");
    await box.getByLabel("Headers (optional)").fill("X-Spam-Flag: YES");
    const result = await runTest(page, { from: "spammer@example.com", to: "inbox@example.com", subject: "Win" });
    await result.getByText("The message would be dropped.").waitFor();
    await screenshots(page, "inbound-member");

    await page.getByRole("tab", { name: "Domains" }).click();
    await page.getByText("Only owners and admins can add, pause or remove domains.").waitFor();
    expect(await page.getByRole("button", { name: "Add domain" }).count()).toBe(0);
    await page.close();
  });
});
