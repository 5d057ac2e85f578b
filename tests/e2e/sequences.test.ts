// The sequences pages in a real browser: creating a sequence with two steps (templates picked,
// delays in minutes, hours or days, checked with the route's schema first), seeing it listed
// with its steps, opening it, enrolling a contact by address and pausing it; and a viewer who
// sees the list with every change off, and why.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

async function template(cookie: string, name: string) {
  const res = await call("/api/v1/templates", { cookie, body: { name, subject: `${name} for {{name}}`, text: `Hello {{name}}: ${name}` } });
  if (res.status !== 201) throw new Error(`template create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

describe("sequences page", () => {
  it("creates a sequence with two steps, lists it with its steps, enrols a contact and pauses it", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Sequences Org");
    await template(owner.cookie, "Welcome");
    await template(owner.cookie, "Tips");
    await db().contact.create({ data: { orgId: owner.org.id, email: "reader@example.test", name: "Reader" } });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/sequences`);

    await page.getByRole("heading", { name: "Sequences", level: 1 }).waitFor();
    await page.getByText("No sequences yet").waitFor();
    await screenshots(page, "sequences-empty");

    await page.getByRole("button", { name: "New sequence" }).click();
    const dialog = page.getByRole("dialog");
    // Nothing chosen: the schema's messages before any request.
    await dialog.getByRole("button", { name: "Create sequence" }).click();
    await dialog.getByText("name is required").waitFor();
    await dialog.getByText("Choose a template.").waitFor();

    await dialog.getByLabel("Name").fill("Onboarding");
    await dialog.getByLabel("Template for step 1").selectOption({ label: "Welcome" });
    await dialog.getByLabel("Delay before step 1").fill("1");
    await dialog.getByLabel("Delay unit for step 1").selectOption("hours");
    await dialog.getByRole("button", { name: "Add step" }).click();
    await dialog.getByLabel("Template for step 2").selectOption({ label: "Tips" });
    await dialog.getByLabel("Delay before step 2").fill("2");
    await dialog.getByLabel("Delay unit for step 2").selectOption("days");
    await screenshots(page, "sequences-new");
    await dialog.getByRole("button", { name: "Create sequence" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("Sequence created: Onboarding").waitFor();

    const row = page.getByTestId("sequence-row").filter({ hasText: "Onboarding" });
    await row.waitFor();
    const steps = row.getByTestId("sequence-step");
    await expect.poll(() => steps.allTextContents()).toEqual(["1. Welcome · after 1 hour", "2. Tips · after 2 days"]);
    expect(await row.getByText("Active", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByTestId("sequence-counts").textContent()).toBe("0 enrolled · 0 active · 0 completed · 0 exited");
    const stored = await db().sequence.findFirstOrThrow({
      where: { orgId: owner.org.id, name: "Onboarding" },
      include: { steps: { orderBy: { position: "asc" } } },
    });
    expect(stored.steps.map((s) => s.delaySeconds)).toEqual([3_600, 2 * 86_400]);
    await screenshots(page, "sequences");

    // The sequence's own page: per-step stats, enrol by address, pause.
    await row.getByRole("link", { name: "Onboarding", exact: true }).click();
    await page.getByRole("heading", { name: "Onboarding", level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId("step-stats").count()).toBe(2);
    await page.getByRole("button", { name: "Enrol contacts" }).click();
    await dialog.getByLabel("Contact addresses").fill("reader@example.test");
    await dialog.getByRole("button", { name: "Enrol", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByText("1 contact enrolled").waitFor();
    const enrolment = page.getByTestId("enrolment-row").filter({ hasText: "reader@example.test" });
    await enrolment.getByText("active", { exact: true }).waitFor();
    expect(await enrolment.textContent()).toContain("step 1 of 2 due");
    await page.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Sequence paused: Onboarding").waitFor();
    await page.getByRole("button", { name: "Resume" }).waitFor();
    expect((await db().sequence.findUniqueOrThrow({ where: { id: stored.id } })).status).toBe("paused");
    expect(await db().sequenceEnrolment.findFirstOrThrow({ where: { sequenceId: stored.id } })).toMatchObject({
      source: "dashboard",
      status: "active",
    });
    await screenshots(page, "sequence-detail");
    await page.close();
  });

  it("shows a viewer the list with every change disabled, and why", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const t = await template(owner.cookie, "Hello");
    expect(
      (await call("/api/v1/sequences", { cookie: owner.cookie, body: { name: "Drip", steps: [{ delaySeconds: 0, templateId: t }] } }))
        .status,
    ).toBe(201);
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/sequences`);
    const row = page.getByTestId("sequence-row").filter({ hasText: "Drip" });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("sequence-step").allTextContents()).toEqual(["1. Hello · at once"]);
    expect(await page.getByRole("button", { name: "New sequence" }).isDisabled()).toBe(true);
    await page.getByText("Viewers can look at sequences but not add them").waitFor();
    expect(await row.getByRole("button", { name: /Pause/ }).getAttribute("aria-disabled")).toBe("true");
    await screenshots(page, "sequences-viewer");
    await page.close();
  });
});
