// The Send page's demo addresses in a real browser: a new organization (test mode, no test list)
// picks one under the To field, sends, and its outcome follows within seconds.
import { describe, expect, it } from "vitest";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

const browser = suiteBrowser();

describe("demo addresses on the Send page", () => {
  it("fill the To field when picked and send in test mode without a test list; the outcome follows", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/send`);
    const list = page.getByTestId("demo-addresses");
    await list.getByText("Try a demo address").click();
    for (const outcome of ["delivered", "bounced", "complained", "opened", "clicked", "deferred", "dropped"]) {
      expect(await list.getByRole("button", { name: `${outcome}@demo.mailroom.test` }).isVisible()).toBe(true);
    }
    await list.getByRole("button", { name: "opened@demo.mailroom.test" }).click();
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("opened@demo.mailroom.test");
    await page.getByLabel("Subject").fill("Watching a demo address");
    await page.getByLabel("Text body").fill("Opened within seconds.");
    await screenshots(page, "send-demo-addresses");
    await page.getByRole("button", { name: "Send email" }).click();
    await page.getByTestId("send-result").getByText("(simulated: nothing left Mailroom)").waitFor();
    const message = await db().message.findFirstOrThrow({ where: { orgId: owner.org.id } });
    expect(message.to).toEqual(["opened@demo.mailroom.test"]);
    await expect
      .poll(
        async () =>
          (await db().emailEvent.findMany({ where: { messageId: message.id }, orderBy: { occurredAt: "asc" } })).map((e) => e.type),
        { timeout: 10_000 },
      )
      .toEqual(["email.sent", "email.delivered", "email.opened"]);
    await page.close();
  });
});
