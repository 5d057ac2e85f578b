// OAuth apps in a real browser: an admin registers an app (its secret shown once); a member
// follows the app's link while signed out, signs in, lands back on the consent screen, sees
// what is granted and what is not, approves and is sent to the app's address (a local server
// here), whose code the app exchanges; the member then revokes the app under Connected apps and
// its token stops working. Also: Deny, a request the role backs none of, and a viewer's view.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oauth from "oauth4webapi";
import type { Page } from "playwright-core";
import { base, suiteBrowser, screenshots, signInThroughForm } from "./browser";
import { PASSWORD, addMemberAs, newOrg } from "../helpers/factory";
import { call } from "../helpers/http";
import { discover, insecure, newPkce, type Pkce } from "../helpers/oauth-app";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";

const browser = suiteBrowser();

/** The app's side: a server at its redirect URI that records where the browser was sent. */
let receiver: { server: Server; url: string; hits: URL[] };

beforeAll(async () => {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    hits.push(new URL(req.url ?? "/", "http://127.0.0.1"));
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<!doctype html><title>Reporting tool</title><h1>Reporting tool got the answer</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`, hits };
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.server.close(resolve));
});

const SCOPE = "email:send templates:read webhooks:write";

function authorizeUrl(clientId: string, pkce: Pkce, state: string, scope = SCOPE) {
  const query = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: receiver.url,
    scope,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  };
  return `${base()}/oauth/authorize?${new URLSearchParams(query)}`;
}

/** Where the browser ended up at the app: the last request the receiver saw. */
async function landedAtApp(page: Page): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(receiver.url));
  await page.getByRole("heading", { name: "Reporting tool got the answer" }).waitFor();
  // The app's server saw the same address the browser shows (the browser may ask for a favicon too).
  const landed = new URL(page.url());
  expect(receiver.hits.filter((h) => h.pathname === "/callback").map((h) => h.search)).toContain(landed.search);
  return landed;
}

async function registerThroughDialog(page: Page) {
  await page.getByRole("button", { name: "Register app" }).first().click();
  const dialog = page.getByRole("dialog");
  // Nothing filled in: each field says what it needs, before any request.
  await dialog.getByRole("button", { name: "Register app" }).click();
  await dialog.getByText("Give the app a name of up to 100 characters.").waitFor();
  await dialog.getByText("Add at least one redirect URI.").waitFor();
  await dialog.getByText("Pick at least one scope.").waitFor();
  expect(await dialog.getByText("Full access").count()).toBe(0);

  await dialog.getByLabel("Name").fill("Reporting tool");
  await dialog.getByLabel("Redirect URIs").fill(`${receiver.url}\nhttp://reports.example.com/callback`);
  await dialog.getByLabel("Email: send (email:send)").check();
  await dialog.getByLabel("Templates: read (templates:read)").check();
  await dialog.getByLabel("Webhooks: write (webhooks:write)").check();
  await dialog.getByRole("button", { name: "Register app" }).click();
  await dialog.getByText(/^Line 2: must use https/).waitFor();
  await dialog.getByLabel("Redirect URIs").fill(receiver.url);
  await dialog.getByLabel("Confidential app").check();
  await dialog.getByLabel("Homepage URL (optional)").fill("https://reports.example.com");
  await screenshots(page, "oauth-apps-register");
  await dialog.getByRole("button", { name: "Register app" }).click();

  await dialog.getByRole("heading", { name: "App registered" }).waitFor();
  const clientId = (await dialog.getByTestId("new-app-client-id").textContent())!;
  const clientSecret = (await dialog.getByTestId("new-app-client-secret").textContent())!;
  expect(clientId).toMatch(/^mrc_/);
  expect(clientSecret).toMatch(/^mrcs_/);
  await dialog.getByText("you will not see it again").waitFor();
  await dialog.getByRole("button", { name: "Copy secret" }).waitFor();
  await dialog.getByRole("button", { name: "Copy client id" }).waitFor();
  await screenshots(page, "oauth-apps-registered");
  await dialog.getByRole("button", { name: "I have copied the secret" }).click();
  await dialog.waitFor({ state: "hidden" });
  return { clientId, clientSecret };
}

describe("OAuth apps", () => {
  it("registers an app, connects a member through sign-in and consent, and revokes it", { timeout: 180_000 }, async () => {
    const owner = await newOrg("Northwind Mail");
    const member = await addMemberAs(owner.cookie, "member");
    const page = await browser.context.newPage();

    // The admin registers the app; the secret is shown once, stored as a hash, and gone from the page.
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.getByRole("link", { name: "Apps", exact: true }).click();
    await page.getByRole("heading", { name: "Apps", level: 1 }).waitFor();
    await page.getByText("No apps registered").waitFor();
    const { clientId, clientSecret } = await registerThroughDialog(page);
    const row = page.getByTestId("oauth-app-row").filter({ hasText: "Reporting tool" });
    await row.waitFor();
    expect(await row.getByText("Confidential").isVisible()).toBe(true);
    expect(await row.getByText(clientId).isVisible()).toBe(true);
    expect(await row.getByText(receiver.url).isVisible()).toBe(true);
    expect(await row.getByText("0 active connections").isVisible()).toBe(true);
    expect(await page.content()).not.toContain(clientSecret);
    const stored = await db().oAuthClient.findUniqueOrThrow({ where: { clientId } });
    expect(stored).toMatchObject({
      orgId: owner.org.id,
      name: "Reporting tool",
      scopes: SCOPE.split(" "),
      secretHash: sha256Hex(clientSecret),
      clientUri: "https://reports.example.com",
    });
    await screenshots(page, "oauth-apps");

    // The member follows the app's link while signed out: sign-in first, then back to the consent screen.
    await page.context().clearCookies();
    const pkce = await newPkce();
    const state = randomBytes(8).toString("hex");
    await page.goto(authorizeUrl(clientId, pkce, state));
    await page.waitForURL(/\/sign-in\?callbackUrl=/);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/oauth\/authorize\?/);
    await page.getByRole("heading", { name: "Reporting tool wants to access Northwind Mail", level: 1 }).waitFor();
    expect(new URL(page.url()).searchParams.get("state")).toBe(state);
    expect(await page.getByText("reports.example.com · Registered by your organization").isVisible()).toBe(true);
    expect(await page.getByText(`Signed in as ${member.email}.`).isVisible()).toBe(true);
    const granted = page.getByTestId("oauth-granted");
    const notGranted = page.getByTestId("oauth-not-granted");
    expect(await granted.getByRole("listitem").allTextContents()).toEqual(["✓Send email email:send", "✓See templates templates:read"]);
    expect(await page.getByRole("heading", { name: "Not granted", exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Your role (member) doesn't allow them").isVisible()).toBe(true);
    expect(await notGranted.getByRole("listitem").allTextContents()).toEqual([
      "✕Create, change and delete webhook endpoints webhooks:write",
    ]);
    await screenshots(page, "oauth-consent");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshots(page, "oauth-consent-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Approve: the browser goes to the app with a code and the state it sent.
    await page.getByRole("button", { name: "Approve" }).click();
    const callback = await landedAtApp(page);
    expect(callback.searchParams.get("state")).toBe(state);
    expect(callback.searchParams.get("code")).toMatch(/^mrac_/);

    // The app exchanges the code with its secret and verifier: the token carries what the role backs.
    const as = await discover();
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: "client_secret_post" };
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const exchanged = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(clientSecret),
      params,
      receiver.url,
      pkce.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, exchanged);
    expect(tokens.scope).toBe("email:send templates:read");
    expect(tokens.scope!.split(" ")).not.toContain("webhooks:write");
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(200);
    expect((await call("/api/v1/webhook-endpoints", { key: tokens.access_token })).status).toBe(403);

    // Connected apps lists it for the member; Revoke asks first, then the token stops working.
    await page.goto(`${base()}/connected-apps`);
    await page.getByRole("heading", { name: "Connected apps", level: 1 }).waitFor();
    const connected = page.getByTestId("connected-app-row").filter({ hasText: "Reporting tool" });
    await connected.waitFor();
    expect(await connected.getByText("email:send", { exact: true }).isVisible()).toBe(true);
    expect(await connected.getByText("templates:read", { exact: true }).isVisible()).toBe(true);
    expect(await connected.getByText("webhooks:write").count()).toBe(0);
    expect(await connected.getByText(/^Connected /).isVisible()).toBe(true);
    expect(await connected.getByText(/Last used/).isVisible()).toBe(true);
    await screenshots(page, "connected-apps");
    await connected.getByRole("button", { name: "Revoke Reporting tool" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(/will be refused from its next request/).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(200);
    await connected.getByRole("button", { name: "Revoke Reporting tool" }).click();
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await page.getByText("Access revoked: Reporting tool").waitFor();
    await page.getByText("No connected apps").waitFor();
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(401);

    // Back as the admin: the app is still registered, with no connection; deleting it warns first.
    await signInThroughForm(page, base(), owner.email, PASSWORD);
    await page.goto(`${base()}/apps`);
    await row.getByText("0 active connections").waitFor();
    await row.getByRole("button", { name: "Delete Reporting tool" }).click();
    await dialog.getByText(/every connection to it ends/).waitFor();
    await screenshots(page, "oauth-apps-delete");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("App deleted: Reporting tool").waitFor();
    await page.getByText("No apps registered").waitFor();
    expect(await db().oAuthClient.count({ where: { clientId } })).toBe(0);
    await page.close();
  });

  it("Deny sends the app access_denied; a request the role backs none of fails with invalid_scope", { timeout: 120_000 }, async () => {
    const owner = await newOrg("Deny Org");
    const member = await addMemberAs(owner.cookie, "member");
    const app = await call("/api/oauth-apps", {
      cookie: owner.cookie,
      body: { name: "Reporting tool", redirectUris: [receiver.url], scopes: SCOPE.split(" ") },
    });
    expect(app.status).toBe(201);
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), member.email, PASSWORD);

    const pkce = await newPkce();
    await page.goto(authorizeUrl(app.body.clientId, pkce, "deny-state"));
    await page.getByRole("heading", { name: "Reporting tool wants to access Deny Org" }).waitFor();
    await page.getByRole("button", { name: "Deny" }).click();
    const denied = await landedAtApp(page);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("state")).toBe("deny-state");
    expect(denied.searchParams.get("code")).toBeNull();

    // Only webhooks:write, which a member's role does not back: said plainly, and nothing to approve.
    await page.goto(authorizeUrl(app.body.clientId, pkce, "none-state", "webhooks:write"));
    await page.getByText("Your role (member) doesn't allow anything Reporting tool asked for, so it can't be connected.").waitFor();
    expect(await page.getByTestId("oauth-granted").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Not granted", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await screenshots(page, "oauth-consent-nothing");
    await page.getByRole("button", { name: "Back to Reporting tool" }).click();
    const back = await landedAtApp(page);
    expect(back.searchParams.get("error")).toBe("invalid_scope");
    expect(back.searchParams.get("state")).toBe("none-state");
    expect(await db().oAuthGrant.count({ where: { orgId: owner.org.id } })).toBe(0);

    // A link the app got wrong (an address it never registered) stays here, with the reason.
    await page.goto(
      `${authorizeUrl(app.body.clientId, pkce, "x").replace(encodeURIComponent(receiver.url), encodeURIComponent("https://evil.example/cb"))}`,
    );
    await page.getByRole("heading", { name: "This app can't be connected" }).waitFor();
    await page.getByText("The address Reporting tool asked to return to is not one it registered.").waitFor();
    expect(new URL(page.url()).host).toBe(new URL(base()).host);
    await screenshots(page, "oauth-consent-error");

    // "Not you?" signs out and comes back to the same request through sign-in.
    const request = authorizeUrl(app.body.clientId, pkce, "switch-state");
    await page.goto(request);
    await page.getByRole("button", { name: "Not you?" }).click();
    await page.waitForURL(/\/sign-in\?callbackUrl=/);
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(request.slice(base().length));
    await page.close();
  });

  it("shows a viewer the registered apps without register or delete", { timeout: 60_000 }, async () => {
    const owner = await newOrg();
    const viewer = await addMemberAs(owner.cookie, "viewer");
    await call("/api/oauth-apps", {
      cookie: owner.cookie,
      body: { name: "Dashboards", redirectUris: [receiver.url], scopes: ["analytics:read"] },
    });
    const page = await browser.context.newPage();
    await signInThroughForm(page, base(), viewer.email, PASSWORD);
    await page.goto(`${base()}/apps`);
    const row = page.getByTestId("oauth-app-row").filter({ hasText: "Dashboards" });
    await row.waitFor();
    expect(await row.getByText("Public").isVisible()).toBe(true);
    expect(await row.getByRole("button", { name: /Delete/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Register app" }).isDisabled()).toBe(true);
    expect(await page.getByText("Only owners and admins can register or delete apps.").isVisible()).toBe(true);
    await page.goto(`${base()}/connected-apps`);
    await page.getByText("No connected apps").waitFor();
    await page.close();
  });
});
