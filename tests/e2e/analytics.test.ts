// The overview's activity and the messages log in a real browser: sends through the API on the
// demo provider (its delivered, opened, clicked and bounced events follow within a second on
// the test servers, planned from DEMO_EVENTS_SEED), then the cards, chart, tables, search,
// status filter, a message's timeline in order, a bot open, a failed message and a 404.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, createKey, newOrg } from "../helpers/factory";
import { productionMode } from "../helpers/sending";
import { call } from "../helpers/http";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

/** The event types of one message's timeline, oldest first, as the API has them. */
async function eventTypes(cookie: string, id: string): Promise<string[]> {
  const res = await call(`/api/v1/analytics/messages/${id}`, { cookie });
  expect(res.status).toBe(200);
  return res.body.data.events.map((e: { type: string }) => e.type);
}

const rows = (page: Page) => page.getByTestId("message-row");
const rowSubjects = (page: Page) => rows(page).getByRole("link").allTextContents();
const card = (page: Page, name: string) => page.getByTestId(`summary-${name}`).locator("dd");
const shownTypes = (page: Page) => page.getByTestId("timeline-event").evaluateAll((items) => items.map((i) => i.getAttribute("data-type")));

describe("overview and messages", () => {
  it("charts what was sent, searches and filters the log, and shows a message's timeline", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Analytics Org");
    await productionMode(owner.org.id);
    const { key } = await createKey(owner.cookie, ["email:send"]);
    const empty = await call("/api/projects", { cookie: owner.cookie, body: { name: "Quiet project" } });
    expect(empty.status).toBe(201);

    // With the test seed, grace@ is delivered, opens and clicks; ada@ is delivered; bounce@ always bounces.
    const send = async (body: Record<string, unknown>) => {
      const res = await call("/api/v1/email/send", { key, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body.data.status).toBe("sent");
      return res.body.data.id as string;
    };
    const launch = await send({
      to: "grace@example.com",
      subject: "Spring launch",
      html: '<p>Hello Grace,</p><p><a href="https://example.com/launch">See what is new</a></p>',
      emailType: "marketing",
    });
    const receipt = await send({ to: "ada@example.com", subject: "Your receipt #1042", text: "Thanks for your order." });
    const bounced = await send({
      to: "bounce@example.com",
      subject: "Spring launch, last call",
      html: '<p><a href="https://example.com/launch">Last call</a></p>',
      emailType: "marketing",
    });
    // A send that no provider took: written as the send path records one.
    const failed = await db().message.create({
      data: {
        orgId: owner.org.id,
        projectId: owner.project.id,
        fromAddress: "noreply@example.com",
        to: ["linus@example.com"],
        cc: [],
        bcc: ["audit@example.com"],
        subject: "Password reset",
        status: "failed",
        sendMode: "production",
        messageIdHeader: `<${randomUUID()}@example.com>`,
        error: "Every provider refused the message: connection refused",
      },
    });

    await expect
      .poll(() => eventTypes(owner.cookie, launch), { timeout: 20_000 })
      .toEqual(["email.sent", "email.delivered", "email.opened", "email.clicked"]);
    await expect.poll(() => eventTypes(owner.cookie, receipt), { timeout: 20_000 }).toEqual(["email.sent", "email.delivered"]);
    await expect.poll(() => eventTypes(owner.cookie, bounced), { timeout: 20_000 }).toEqual(["email.sent", "email.bounced"]);
    // An open by a mail client's privacy proxy: on the timeline with a Bot badge, left out of the counts.
    const bot = await call("/api/analytics/track", {
      cookie: owner.cookie,
      body: {
        emailId: receipt,
        type: "email.opened",
        recipient: "ada@example.com",
        metadata: { bot: true, botReason: "Apple Mail Privacy Protection" },
      },
    });
    expect(bot.status).toBe(200);

    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);

    // Overview: the checklist is still there (no second member yet), then the period's activity.
    await page.getByText("Getting started").waitFor();
    await expect.poll(() => card(page, "sent").first().textContent()).toBe("3");
    expect(await card(page, "delivered").allTextContents()).toEqual(["2", "67% of sent"]);
    expect(await card(page, "opened").allTextContents()).toEqual(["1", "33% of sent"]);
    expect(await card(page, "clicked").allTextContents()).toEqual(["1", "33% of sent"]);
    expect(await card(page, "bounced").allTextContents()).toEqual(["1", "33% of sent"]);

    const chart = page.getByTestId("daily-chart");
    await chart.locator("svg.recharts-surface").waitFor();
    expect(await chart.locator(".recharts-line").count()).toBe(5);
    // The same numbers as a table: visually hidden until asked for, one row per day of the period.
    const daily = page.getByTestId("daily-table");
    const visuallyHidden = () => daily.evaluate((table) => table.closest(".sr-only") !== null);
    expect(await visuallyHidden()).toBe(true);
    expect(await daily.locator("tbody tr").count()).toBe(30);
    await page.getByRole("button", { name: "Show as table" }).click();
    expect(await visuallyHidden()).toBe(false);
    expect(await daily.locator("tbody tr").last().locator("td").allTextContents()).toEqual(["3", "2", "1", "1", "1"]);
    await page.getByRole("button", { name: "Hide table" }).click();

    const providers = page.getByTestId("provider-table");
    expect(await providers.locator("tbody tr").count()).toBe(1);
    expect(await providers.locator("tbody tr th").allTextContents()).toEqual(["demo"]);
    expect(await providers.locator("tbody tr td").allTextContents()).toEqual(["3", "2", "1", "1", "1", "67%", "33%"]);
    // No use case named: the same figures in one "No use case" row.
    const useCases = page.getByTestId("use-case-table");
    expect(await useCases.locator("tbody tr th").allTextContents()).toEqual(["No use case"]);
    expect(await useCases.locator("tbody tr td").allTextContents()).toEqual(["3", "2", "1", "1", "1", "67%", "33%"]);
    expect(await page.getByTestId("bounce-reasons").textContent()).toContain(
      "550 5.1.1 The email account that you tried to reach does not exist",
    );
    await screenshots(page, "overview");

    // 7 days: seven rows. A project that sent nothing: the empty state says what to do.
    await page.locator("label", { hasText: "7 days" }).click();
    expect(await page.getByRole("radio", { name: "7 days" }).isChecked()).toBe(true);
    await expect.poll(() => daily.locator("tbody tr").count()).toBe(7);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Quiet project" });
    await page.getByText("Nothing sent in the last 7 days in this project").waitFor();
    // Each report answers on its own: the totals may land a moment after the chart's empty state.
    await expect.poll(() => card(page, "sent").first().textContent()).toBe("0");
    expect(await page.getByRole("link", { name: "Send an email" }).getAttribute("href")).toBe("/send");
    await screenshots(page, "overview-empty-project");
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Default" });
    await expect.poll(() => card(page, "sent").first().textContent()).toBe("3");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "overview-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Messages: newest first; search by recipient and by subject; filter by status.
    await page.getByRole("link", { name: "Messages", exact: true }).click();
    await page.waitForURL(/\/messages$/);
    await expect
      .poll(() => rowSubjects(page))
      .toEqual(["Password reset", "Spring launch, last call", "Your receipt #1042", "Spring launch"]);
    const search = page.getByLabel("Search");
    await search.fill("GRACE@");
    await expect.poll(() => rowSubjects(page)).toEqual(["Spring launch"]);
    expect(await page.getByTestId("messages-count").textContent()).toBe("1 message match");
    await search.fill("spring launch");
    await expect.poll(() => rowSubjects(page)).toEqual(["Spring launch, last call", "Spring launch"]);
    await expect.poll(() => page.url()).toMatch(/\/messages\?q=spring\+launch$/);
    await search.fill("audit@"); // a bcc recipient
    await expect.poll(() => rowSubjects(page)).toEqual(["Password reset"]);
    await search.fill("nobody-here");
    await page.getByRole("heading", { name: "No messages match" }).waitFor();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect.poll(() => rows(page).count()).toBe(4);
    // Each row's status is what the provider last reported (a bot's open does not count).
    await expect
      .poll(() => rows(page).evaluateAll((items) => items.map((i) => i.querySelector("span")?.textContent)))
      .toEqual(["Failed", "Bounced", "Delivered", "Clicked"]);
    const status = page.getByLabel("Status");
    await status.selectOption("failed");
    await expect.poll(() => rowSubjects(page)).toEqual(["Password reset"]);
    await status.selectOption("sent");
    await page.getByRole("heading", { name: "No messages match" }).waitFor();
    await status.selectOption("delivered");
    await expect.poll(() => rowSubjects(page)).toEqual(["Your receipt #1042"]);
    await status.selectOption("clicked");
    await expect.poll(() => rowSubjects(page)).toEqual(["Spring launch"]);
    await search.fill("receipt");
    await page.getByRole("heading", { name: "No messages match" }).waitFor();
    await status.selectOption("delivered");
    await expect.poll(() => rowSubjects(page)).toEqual(["Your receipt #1042"]);
    await status.selectOption("");
    await search.fill("");
    await expect.poll(() => rows(page).count()).toBe(4);
    await screenshots(page, "messages");

    // One message: its details and its timeline, oldest first, the click's link included.
    await search.fill("grace");
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByRole("link", { name: "Spring launch" }).click();
    await page.waitForURL(new RegExp(`/messages/${launch}$`));
    await page.getByRole("heading", { level: 1, name: "Spring launch" }).waitFor();
    await expect.poll(() => shownTypes(page)).toEqual(["email.sent", "email.delivered", "email.opened", "email.clicked"]);
    const events = page.getByTestId("timeline-event");
    expect(await events.first().textContent()).toContain("grace@example.com");
    expect(await events.last().textContent()).toContain("https://example.com/launch");
    expect(await page.getByText("Marketing", { exact: true }).isVisible()).toBe(true);
    await screenshots(page, "message-detail");

    // Back returns to the same search.
    await page.goBack();
    await page.waitForURL(/\/messages\?q=grace$/);
    await expect.poll(() => search.inputValue()).toBe("grace");
    await expect.poll(() => rows(page).count()).toBe(1);

    // The receipt: delivered, then the bot's open with its badge.
    await page.goto(`${base()}/messages/${receipt}`);
    await expect.poll(() => shownTypes(page)).toEqual(["email.sent", "email.delivered", "email.opened"]);
    expect(await events.last().getByText("Bot", { exact: true }).isVisible()).toBe(true);
    expect(await events.last().textContent()).toContain("Apple Mail Privacy Protection");
    expect(await events.nth(1).getByText("Bot", { exact: true }).count()).toBe(0);

    // The bounce, with its reason.
    await page.goto(`${base()}/messages/${bounced}`);
    await expect.poll(() => shownTypes(page)).toEqual(["email.sent", "email.bounced"]);
    expect(await events.last().textContent()).toContain("Reason: 550 5.1.1");

    // The failed one: its error, bcc, and no events.
    await page.goto(`${base()}/messages/${failed.id}`);
    await page.getByText("Every provider refused the message: connection refused").waitFor();
    expect(await page.getByText("audit@example.com").first().isVisible()).toBe(true);
    await page.getByText("No events yet").waitFor();
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "message-failed-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Unknown ids: another organization's, a random one, and not an id at all.
    const stranger = await newOrg();
    await productionMode(stranger.org.id);
    const theirs = await call("/api/v1/email/send", {
      key: (await createKey(stranger.cookie, ["email:send"])).key,
      body: { to: "ada@example.com", subject: "Theirs", text: "x" },
    });
    for (const id of [theirs.body.data.id, randomUUID(), "not-a-message"]) {
      await page.goto(`${base()}/messages/${id}`);
      await page.getByText("Message not found").waitFor();
    }
    await screenshots(page, "message-not-found");
    await page.getByRole("link", { name: "Search the messages log" }).click();
    await page.waitForURL(/\/messages$/);
    await page.close();
  });

  it("tells a new organization what to do next, and a viewer sees no send actions", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.getByText("Nothing sent in the last 30 days").waitFor();
    expect(await page.getByRole("link", { name: "Send an email" }).getAttribute("href")).toBe("/send");
    await page.getByRole("button", { name: "Show the last 90 days" }).click();
    await page.getByText("Nothing sent in the last 90 days").waitFor();
    expect(await page.getByLabel("90 days").isChecked()).toBe(true);

    await page.getByRole("link", { name: "Messages", exact: true }).click();
    await page.getByText("No messages yet").waitFor();
    await page.getByRole("link", { name: "Send your first email" }).click();
    await page.waitForURL(/\/send$/);
    await page.close();

    const viewer = await addMemberAs(owner.cookie, "viewer");
    const viewerPage = await browser.context.newPage();
    await signInThroughForm(viewerPage, base(), viewer.email, PASSWORD);
    await viewerPage.getByText("Nothing sent in the last 30 days").waitFor();
    expect(await viewerPage.getByText(/Viewers cannot send/).isVisible()).toBe(true);
    expect(await viewerPage.getByRole("link", { name: "Send an email" }).count()).toBe(0);
    await viewerPage.goto(`${base()}/messages`);
    await viewerPage.getByText("No messages yet").waitFor();
    expect(await viewerPage.getByRole("link", { name: /\bSend\b/ }).count()).toBe(1); // only the nav's "Send test email"
    await viewerPage.close();
  });
});
