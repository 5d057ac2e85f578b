// The message page and the messages log in a real browser: a send with html, text, a header,
// an attachment and a tag through the demo provider (its events follow within a second on the
// test servers, planned from DEMO_EVENTS_SEED) to an organization with a webhook endpoint; the
// page shows the HTML in a sandboxed frame (its script never runs), the text, the headers, the
// attachment list, each recipient's status, the events and the webhook deliveries; the status
// follows the latest report (Delivered, then Opened) in the list and on the page; the log
// searches by id and filters by status, provider, days and tag.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, createKey, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";
import { planDemoEvents } from "@/lib/events/demo-plan";

const browser = suiteBrowser();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

/** A recipient the demo provider (seeded as on the test servers) delivers to and nothing more: its opens come from the test. */
function deliveredOnly(): string {
  for (let i = 0; ; i++) {
    const to = `reader-${i}@example.test`;
    const plan = planDemoEvents({ seed: "mailroom-tests", recipient: to, sentAt: new Date(), link: null, scale: 0.01 });
    if (plan.length === 1 && plan[0].type === "email.delivered") return to;
  }
}

const rows = (page: Page) => page.getByTestId("message-row");
const rowSubjects = (page: Page) => rows(page).getByRole("link").allTextContents();
const rowStatuses = (page: Page) => rows(page).evaluateAll((items) => items.map((i) => i.querySelector("span")?.textContent));
/** Filters settle after typing and each answer takes a moment on a busy machine. */
const WAIT = { timeout: 10_000 };
const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

describe("the message page", () => {
  it(
    "shows what was sent, to whom with which status, the events and the webhook deliveries; the log finds it",
    { timeout: 120_000 },
    async () => {
      const org = await newOrg("Message Page Org");
      const reader = deliveredOnly();
      const list = await call("/api/safety/test-lists", {
        cookie: org.cookie,
        body: { name: "team", emails: [reader, "bounced@example.test"] },
      });
      expect(list.status).toBe(201);
      const { key } = await createKey(org.cookie, ["email:send", "webhooks:write", "analytics:read"]);
      const hook = await call("/api/v1/webhook-endpoints", { key, body: { url: receiver.url("/message-page") } });
      expect(hook.status).toBe(201);
      const endpointId = hook.body.data.id as string;

      const send = async (body: Record<string, unknown>) => {
        const res = await call("/api/v1/email/send", { key, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.id as string;
      };
      const shipped = await send({
        to: [reader, "bounced@example.test"],
        subject: "Your order shipped",
        html: '<h1 id="hi">Your order is on its way</h1><script>document.getElementById("hi").textContent = "script ran"</script><img alt="tracker" src="https://images.example/beacon.png">',
        text: "Your order is on its way (text part)",
        headers: { "X-Order": "1042" },
        attachments: [
          { filename: "invoice.pdf", content: Buffer.from("%PDF-1.4 a small invoice").toString("base64"), contentType: "application/pdf" },
        ],
        tags: [{ name: "category", value: "shipping" }],
      });
      const newsletter = await send({ to: reader, subject: "Autumn newsletter", text: "News" });

      const shown = async (id: string) => (await call(`/api/v1/analytics/messages/${id}`, { key })).body.data.message;
      await expect
        .poll(async () => (await shown(shipped)).recipients, { timeout: 20_000 })
        .toEqual([
          { email: reader, status: "delivered" },
          { email: "bounced@example.test", status: "bounced" },
        ]);
      await expect.poll(async () => (await shown(newsletter)).status, { timeout: 20_000 }).toBe("delivered");
      // sent, delivered and bounced of the first, sent and delivered of the second: each to the endpoint.
      await receiver.waitFor("/message-page", 5, 20_000);

      const page = await browser.context.newPage();
      await signInThroughForm(page, base(), org.email, PASSWORD);

      // The log: each message's status is the provider's latest word; the first is summarised per recipient.
      await page.goto(`${base()}/messages`);
      await expect.poll(() => rowSubjects(page), WAIT).toEqual(["Autumn newsletter", "Your order shipped"]);
      expect(await rowStatuses(page)).toEqual(["Delivered", "Bounced"]);
      expect(await page.getByTestId("message-status-summary").allTextContents()).toEqual(["bounced (1 of 2), delivered (1 of 2)"]);

      // Search by id; filter by tag, provider, days and status.
      const search = page.getByLabel("Search");
      await search.fill(newsletter);
      await expect.poll(() => rowSubjects(page), WAIT).toEqual(["Autumn newsletter"]);
      await search.fill("");
      await page.getByLabel("Tag").fill("category:shipping");
      await expect.poll(() => rowSubjects(page), WAIT).toEqual(["Your order shipped"]);
      await expect.poll(() => page.url(), WAIT).toMatch(/tag=category%3Ashipping/);
      await page.getByLabel("Tag").fill("category:billing");
      await page.getByRole("heading", { name: "No messages match" }).waitFor();
      await page.getByLabel("Tag").fill("");
      await page.getByLabel("Provider").fill("demo");
      await expect.poll(() => rows(page).count(), WAIT).toBe(2);
      await page.getByLabel("Provider").fill("resend");
      await page.getByRole("heading", { name: "No messages match" }).waitFor();
      await page.getByLabel("Provider").fill("");
      const yesterday = localDay(new Date(Date.now() - 86_400_000));
      await page.getByLabel("To day").fill(yesterday);
      await page.getByRole("heading", { name: "No messages match" }).waitFor();
      await page.getByLabel("To day").fill("");
      await page.getByLabel("From day").fill(localDay(new Date()));
      await expect.poll(() => rows(page).count(), WAIT).toBe(2);
      await page.getByLabel("Status").selectOption("bounced");
      await expect.poll(() => rowSubjects(page), WAIT).toEqual(["Your order shipped"]);
      await screenshots(page, "messages-filtered");

      // The page.
      await rows(page).getByRole("link", { name: "Your order shipped" }).click();
      await page.waitForURL(new RegExp(`/messages/${shipped}$`));
      await page.getByRole("heading", { level: 1, name: "Your order shipped" }).waitFor();
      const recipients = page.getByTestId("recipient-status");
      await expect.poll(() => recipients.allTextContents(), WAIT).toEqual([`${reader}Delivered`, "bounced@example.testBounced"]);
      expect(await page.getByText("Summary: bounced (1 of 2), delivered (1 of 2).").isVisible()).toBe(true);
      expect(await page.getByTestId("message-tags").textContent()).toBe("category: shipping");

      // The HTML in a frame with every sandbox restriction: it renders, its script does not run.
      const frame = page.getByTestId("message-html");
      expect(await frame.getAttribute("sandbox")).toBe("");
      expect(await frame.getAttribute("srcdoc")).toContain("Your order is on its way");
      const inside = page.frameLocator('[data-testid="message-html"]');
      expect(await inside.locator("h1").textContent()).toBe("Your order is on its way");
      // Remote images held back by the frame's own policy until asked for (loading one tells the author).
      expect(await frame.getAttribute("srcdoc")).toContain(
        `content="default-src 'none'; style-src 'unsafe-inline'; font-src data:; img-src data:"`,
      );
      await page.getByRole("button", { name: "Show remote images" }).click();
      await page.getByText("Remote images are shown.").waitFor();
      expect(await page.getByTestId("message-html").getAttribute("srcdoc")).toContain("img-src data: https: http:");
      expect(await page.getByTestId("message-text").textContent()).toBe("Your order is on its way (text part)");
      const headers = await page.getByTestId("message-headers").textContent();
      for (const h of ["From", `To${reader}, bounced@example.test`, "SubjectYour order shipped", "Message-ID", "X-Order1042"])
        expect(headers).toContain(h);
      expect(await page.getByTestId("message-attachment").allTextContents()).toEqual(["invoice.pdfapplication/pdf · 24 B"]);

      // The events, and the webhook deliveries they caused, each linking to its endpoint.
      await expect
        .poll(() => page.getByTestId("timeline-event").evaluateAll((items) => items.map((i) => i.getAttribute("data-type")).sort()), WAIT)
        .toEqual(["email.bounced", "email.delivered", "email.sent", "email.sent"]);
      const deliveries = page.getByTestId("message-webhook-delivery");
      await expect.poll(() => deliveries.count(), { timeout: 20_000 }).toBe(4);
      await expect
        .poll(async () => (await deliveries.allTextContents()).every((t) => t.startsWith("succeeded")), { timeout: 20_000 })
        .toBe(true);
      expect(await deliveries.first().getByRole("link").getAttribute("href")).toBe(`/webhooks/${endpointId}`);
      expect(await deliveries.first().getByRole("link").textContent()).toBe(receiver.url("/message-page"));
      await screenshots(page, "message-page");
      await page.emulateMedia({ colorScheme: "dark" });
      await screenshots(page, "message-page-dark");
      await page.emulateMedia({ colorScheme: "light" });

      // Delivered, then Opened: on the page and in the log.
      await page.goto(`${base()}/messages/${newsletter}`);
      await page.getByRole("heading", { level: 1, name: "Autumn newsletter" }).waitFor();
      const badge = page.locator("h1 + span");
      expect(await badge.textContent()).toBe("Delivered");
      const opened = await call("/api/analytics/track", {
        cookie: org.cookie,
        body: { emailId: newsletter, type: "email.opened", recipient: reader },
      });
      expect(opened.status).toBe(200);
      await page.reload();
      await expect.poll(() => badge.textContent(), WAIT).toBe("Opened");
      await expect.poll(() => recipients.allTextContents(), WAIT).toEqual([`${reader}Opened`]);
      await page.goto(`${base()}/messages`);
      await expect.poll(() => rowStatuses(page), WAIT).toEqual(["Opened", "Bounced"]);
      await page.close();
    },
  );
});
