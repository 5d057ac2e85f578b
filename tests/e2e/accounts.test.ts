// Accounts in a real browser: sign-in follows only same-site paths and its form posts even
// before its script runs; changing your password on the Account page; an invitation and a reset
// link mailed through the system transport (an SMTP sink of this file's own) and used in the
// browser; a pending invitation listed and revoked; a generated first owner password replaced
// at first sign-in.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { base, screenshots, suiteBrowser } from "./browser";
import { PASSWORD, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { signIn, signInOrThrow } from "../helpers/sign-in";
import { linkMailedTo, serverWithSystemMail } from "../helpers/system-mail";
import { createDatabase } from "../helpers/database";
import { startServer } from "../helpers/server";

const browser = suiteBrowser();

/** The owner signs in and invites `email` with `role` through the members page's dialog. */
async function inviteAsOwner(url: string, email: string, role: string) {
  const page = await browser.context.newPage();
  await signInAt(page, `${url}/sign-in`, inject("ownerEmail"), inject("ownerPassword"));
  await page.waitForURL(`${url}/`);
  await page.goto(`${url}/members`);
  await page.getByRole("button", { name: "Invite by email" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption(role);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await page.getByText(`Invitation sent to ${email}`).waitFor();
  return page;
}

const hex = () => randomBytes(4).toString("hex");

async function signInAt(page: Page, url: string, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto(url);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("sign-in", () => {
  it("after a real sign-in, a crafted callbackUrl stays on this site; a same-site one is followed", { timeout: 120_000 }, async () => {
    const org = await newOrg();
    const page = await browser.context.newPage();
    let offSite = 0;
    // Any request to the attacker's host (not our own URLs that merely name it in a query).
    await page.route(
      (u) => u.hostname.endsWith("attacker.invalid"),
      (route) => {
        offSite++;
        return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>phished</h1>" });
      },
    );
    for (const callbackUrl of [
      "/.//attacker.invalid/phish",
      "//attacker.invalid/phish",
      "/\\attacker.invalid/phish",
      "https://attacker.invalid/phish",
    ]) {
      await signInAt(page, `${base()}/sign-in?callbackUrl=${encodeURIComponent(callbackUrl)}`, org.email, PASSWORD);
      await page.waitForURL(`${base()}/`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(new URL(page.url()).origin, callbackUrl).toBe(base());
    }
    // Unencoded, exactly as the review sent it.
    await signInAt(page, `${base()}/sign-in?callbackUrl=/.//attacker.invalid/phish`, org.email, PASSWORD);
    await page.waitForURL(`${base()}/`);
    expect(offSite).toBe(0);

    await signInAt(page, `${base()}/sign-in?callbackUrl=${encodeURIComponent("/account?tab=x")}`, org.email, PASSWORD);
    await page.waitForURL(`${base()}/account?tab=x`);
    await page.close();
  });

  it("submitted before its script runs, the form posts: the password never reaches the URL", async () => {
    const page = await browser.context.newPage();
    await page.context().clearCookies();
    await page.route(/\/_next\/static\/.*\.js/, (route) => route.abort());
    // The submission is answered here, in the browser: what is checked is what the form sends,
    // and a busy server's reply is not part of it.
    const posted: { method: string; url: string }[] = [];
    await page.route(
      (u) => u.pathname === "/sign-in",
      (route) => {
        const request = route.request();
        if (!request.isNavigationRequest() || request.method() === "GET") return route.continue();
        posted.push({ method: request.method(), url: request.url() });
        return route.fulfill({ status: 200, contentType: "text/html", body: "<h1>received</h1>" });
      },
    );
    await page.goto(`${base()}/sign-in`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email").fill("someone@example.test");
    await page.getByLabel("Password").fill("secret-in-url-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "received" }).waitFor();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe("POST");
    expect(posted[0]!.url).not.toContain("secret-in-url-1");
    expect(page.url()).not.toContain("secret-in-url-1");
    await page.close();
  });
});

describe("passwords and links through the system transport", () => {
  let own: Awaited<ReturnType<typeof serverWithSystemMail>>;
  beforeAll(async () => {
    own = await serverWithSystemMail();
  });
  afterAll(async () => {
    await own?.close();
  });

  it("a member changes the password an owner set on the Account page; their other sessions end", { timeout: 90_000 }, async () => {
    const url = own.server.url;
    const email = `member-${hex()}@example.test`;
    expect(
      (await call("/api/org/members", { base: url, cookie: own.cookie, body: { email, role: "member", password: PASSWORD } })).status,
    ).toBe(201);
    const elsewhere = await signInOrThrow(email, PASSWORD, url);

    const page = await browser.context.newPage();
    await signInAt(page, `${url}/sign-in`, email, PASSWORD);
    await page.waitForURL(`${url}/`);
    await page.goto(`${url}/account`);
    await page.getByTestId("password-set-by-other").waitFor();
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill("my-own-password-1");
    await page.getByLabel("New password again").fill("my-own-password-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("is not your current password").waitFor();

    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Password changed. You are signed out everywhere else.").waitFor();
    await screenshots(page, "account-password-changed");
    // This session goes on; the other one ended; the old password no longer works.
    await page.reload();
    await page.getByTestId("account-email").waitFor();
    // Changed here, not through a link mailed to them: the page still says how to make it their own.
    expect(await page.getByTestId("password-set-by-other").textContent()).toMatch(/reset link/);
    expect((await call("/api/org/members", { base: url, cookie: elsewhere })).status).toBe(401);
    expect((await signIn(email, PASSWORD, url)).cookie).toBeNull();
    await signInAt(page, `${url}/sign-in`, email, "my-own-password-1");
    await page.waitForURL(`${url}/`);
    await page.close();
  });

  it("an owner invites by email; the invitee opens the link, chooses a password and signs in with it", { timeout: 90_000 }, async () => {
    const url = own.server.url;
    const email = `invitee-${hex()}@example.test`;
    const page = await inviteAsOwner(url, email, "admin");

    const { link } = await linkMailedTo(own.systemSink, email, "invite");
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("Your name (optional)").fill("Iris");
    await page.getByLabel("New password (at least 8 characters)").fill("iris-chose-this");
    await page.getByLabel("The same password again").fill("iris-chose-this");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByRole("heading", { name: "Welcome" }).waitFor();
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("iris-chose-this");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${url}/`);
    await page.goto(`${url}/account`);
    expect(await page.getByTestId("account-email").textContent()).toBe(email);
    expect(await page.getByTestId("password-set-by-other").count()).toBe(0);
    // The link is used up.
    await page.goto(link);
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    await page.close();
  });

  it("an owner invites by email, sees the invitation pending, revokes it; its link then opens nothing", { timeout: 90_000 }, async () => {
    const url = own.server.url;
    const email = `revoked-${hex()}@example.test`;
    const page = await inviteAsOwner(url, email, "viewer");

    const row = page.getByTestId("invitation").filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain("Invited by owner@example.test");
    await screenshots(page, "members-pending-invitation");
    const { link } = await linkMailedTo(own.systemSink, email, "invite");
    await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
    await page.getByText("Invitation revoked: its link no longer works").waitFor();
    await row.waitFor({ state: "detached" });

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole("heading", { name: "This link is not valid" }).waitFor();
    expect(
      (await own.sql.query("SELECT action FROM audit_logs WHERE metadata->>'email' = $1 ORDER BY created_at", [email])).rows.map(
        (r) => r.action,
      ),
    ).toEqual(["member.invited", "member.invitation_revoked"]);
    await page.close();
  });

  it("an owner sends a member a reset link; the member chooses a new password in the browser", { timeout: 90_000 }, async () => {
    const url = own.server.url;
    const email = `forgetful-${hex()}@example.test`;
    expect(
      (await call("/api/org/members", { base: url, cookie: own.cookie, body: { email, role: "viewer", password: PASSWORD } })).status,
    ).toBe(201);
    const page = await browser.context.newPage();
    await signInAt(page, `${url}/sign-in`, inject("ownerEmail"), inject("ownerPassword"));
    await page.waitForURL(`${url}/`);
    await page.goto(`${url}/members`);
    await page.getByRole("button", { name: `Send ${email} a password reset link` }).click();
    await page.getByText(`A password reset link went to ${email}`).waitFor();

    const { link } = await linkMailedTo(own.systemSink, email, "reset-password");
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByLabel("New password (at least 8 characters)").fill("fresh-password-1");
    await page.getByLabel("The same password again").fill("fresh-password-2");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByText("the two passwords differ").waitFor();
    await page.getByLabel("New password (at least 8 characters)").fill("fresh-password-1");
    await page.getByLabel("The same password again").fill("fresh-password-1");
    await page.getByRole("button", { name: "Save password" }).click();
    await page.getByRole("heading", { name: "Password changed" }).waitFor();
    expect((await signIn(email, PASSWORD, url)).cookie).toBeNull();
    await signInAt(page, `${url}/sign-in`, email, "fresh-password-1");
    await page.waitForURL(`${url}/`);
    await page.close();
  });
});

describe("a generated first owner password", () => {
  it(
    "is replaced at first sign-in before the dashboard opens, with the owner's name asked; the new one signs in",
    { timeout: 120_000 },
    async () => {
      const database = await createDatabase("mailroom_own");
      // No BOOTSTRAP_ADMIN_PASSWORD: the instance makes one up and prints it once.
      const server = await startServer({
        ...inject("serverEnv"),
        DATABASE_URL: database.url,
        BOOTSTRAP_ADMIN_EMAIL: "first@example.test",
        BOOTSTRAP_ADMIN_PASSWORD: "",
      });
      try {
        const generated = /password: (\S+)/.exec(server.output())?.[1];
        expect(generated).toBeTruthy();
        const page = await browser.context.newPage();
        await signInAt(page, `${server.url}/sign-in`, "first@example.test", generated!);
        await page.waitForURL(`${server.url}/change-password`);
        // Any dashboard page leads here until it is changed.
        await page.goto(`${server.url}/messages`);
        await page.waitForURL(`${server.url}/change-password`);
        await screenshots(page, "first-password");
        // The first owner has no name yet: asked here, before the dashboard.
        const askName = page.getByRole("region", { name: "What should we call you?" });
        await askName.getByLabel("Your name").fill("Grace Hopper");
        await askName.getByRole("button", { name: "Save name" }).click();
        // Saved, the prompt goes: the page is drawn again for someone who has a name.
        await askName.waitFor({ state: "detached" });
        await page.getByLabel("Current password").fill(generated!);
        await page.getByLabel("New password", { exact: true }).fill("owner-chose-this");
        await page.getByLabel("New password again").fill("owner-chose-this");
        await page.getByRole("button", { name: "Change password" }).click();
        await page.waitForURL(`${server.url}/`);
        // Greeted by that name, not "Owner", and not asked again.
        await expect.poll(() => page.getByTestId("signed-in-as").textContent()).toContain("Grace Hopper");
        await page.getByText("Welcome, Grace Hopper.").waitFor();
        expect(await page.getByRole("region", { name: "What should we call you?" }).count()).toBe(0);
        await page.goto(`${server.url}/messages`);
        await page.waitForURL(`${server.url}/messages`);
        expect((await signIn("first@example.test", generated!, server.url)).cookie).toBeNull();
        expect((await signIn("first@example.test", "owner-chose-this", server.url)).cookie).not.toBeNull();
        await page.close();
      } finally {
        await server.stop();
        await database.drop();
      }
    },
  );
});
