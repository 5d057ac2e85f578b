// The dashboard's OAuth routes (docs/oauth.md): an organization's registered apps
// (/api/oauth-apps) and each user's connected apps (/api/connected-apps), with grants made by
// the real flow over HTTP (approval form, code exchange with PKCE, a call on /api/v1); and the
// consent page's answers to a plain HTTP client.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import * as oauth from "oauth4webapi";
import { call } from "../helpers/http";
import { addMemberAs, createKey, newOrg } from "../helpers/factory";
import { REDIRECT_URI, authorizationParams, decide, discover, exchange, newPkce } from "../helpers/oauth-app";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";

type Org = Awaited<ReturnType<typeof newOrg>>;
type Member = Awaited<ReturnType<typeof addMemberAs>>;

let owner: Org;
let admin: Member;
let member: Member;
let viewer: Member;
let other: Org;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  owner = await newOrg();
  [admin, member, viewer] = [
    await addMemberAs(owner.cookie, "admin"),
    await addMemberAs(owner.cookie, "member"),
    await addMemberAs(owner.cookie, "viewer"),
  ];
  other = await newOrg();
  as = await discover();
});

const appBody = (extra: Record<string, unknown> = {}) => ({
  name: "Reporting tool",
  redirectUris: [REDIRECT_URI],
  scopes: ["email:send", "templates:read", "webhooks:write"],
  ...extra,
});

async function registerApp(cookie: string, extra: Record<string, unknown> = {}) {
  const res = await call("/api/oauth-apps", { cookie, body: appBody(extra) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; clientId: string; name: string; clientSecret: string | null };
}

/** A user approves the app on the consent form and the app exchanges the code: the real flow. */
async function connect(cookie: string, clientId: string, scope = "email:send templates:read webhooks:write") {
  const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: "none" };
  const pkce = await newPkce();
  const params = authorizationParams(client, pkce, scope);
  const decided = await decide(cookie, params);
  expect(decided.status).toBe(302);
  expect(decided.location!.searchParams.get("code")).toMatch(/^mrac_/);
  expect(decided.location!.searchParams.get("state")).toBe(params.state);
  return exchange(as, client, decided.location!, params.state, pkce);
}

const listApps = async (cookie: string) => (await call("/api/oauth-apps", { cookie })).body.apps as { id: string; connections: number }[];
const listConnected = async (cookie: string) =>
  (await call("/api/connected-apps", { cookie })).body.connectedApps as { id: string; app: { clientId: string } }[];
const appCount = (orgId: string) => db().oAuthClient.count({ where: { orgId } });

describe("registered apps", () => {
  it("registers a confidential app: the secret once in the answer, only its hash stored, never listed", async () => {
    const res = await call("/api/oauth-apps", {
      cookie: admin.cookie,
      body: appBody({ confidential: true, clientUri: "https://reports.example.com" }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      clientId: expect.stringMatching(/^mrc_[A-Za-z0-9_-]{22}$/),
      name: "Reporting tool",
      redirectUris: [REDIRECT_URI],
      scopes: ["email:send", "templates:read", "webhooks:write"],
      confidential: true,
      clientUri: "https://reports.example.com",
      connections: 0,
      createdAt: expect.any(String),
      clientSecret: expect.stringMatching(/^mrcs_[A-Za-z0-9_-]{43}$/),
    });
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      orgId: owner.org.id,
      registeredBy: "dashboard",
      createdByUserId: admin.member.userId,
      secretHash: sha256Hex(res.body.clientSecret),
    });
    expect(JSON.stringify(row)).not.toContain(res.body.clientSecret);

    const list = await call("/api/oauth-apps", { cookie: owner.cookie });
    expect(list.status).toBe(200);
    const listed = list.body.apps.find((a: { id: string }) => a.id === res.body.id);
    expect(listed).toEqual({ ...res.body, clientSecret: undefined });
    expect(listed).not.toHaveProperty("clientSecret");
    expect(listed).not.toHaveProperty("secretHash");
    expect(JSON.stringify(list.body)).not.toContain(res.body.clientSecret);

    const audit = await db().auditLog.findFirst({ where: { orgId: owner.org.id, targetId: res.body.id, action: "oauth_app.registered" } });
    expect(audit).toMatchObject({ actorType: "user", actorId: admin.member.userId });
  });

  it("registers a public app without a secret", async () => {
    const res = await call("/api/oauth-apps", { cookie: owner.cookie, body: appBody({ name: "CLI" }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "CLI", confidential: false, clientUri: null, clientSecret: null });
    expect((await db().oAuthClient.findUniqueOrThrow({ where: { id: res.body.id } })).secretHash).toBeNull();
  });

  it("lets viewers and members read the list, but not register or delete", async () => {
    const app = await registerApp(owner.cookie, { name: "Read-only check" });
    for (const who of [viewer, member]) {
      expect((await listApps(who.cookie)).map((a) => a.id)).toContain(app.id);
      const before = await appCount(owner.org.id);
      const created = await call("/api/oauth-apps", { cookie: who.cookie, body: appBody({ name: "Not allowed" }) });
      expect(created.status).toBe(403);
      expect(created.body).toEqual({ error: expect.stringContaining("keys.manage"), code: "PERMISSION_DENIED" });
      expect(await appCount(owner.org.id)).toBe(before);
      const deleted = await call(`/api/oauth-apps/${app.id}`, { method: "DELETE", cookie: who.cookie });
      expect(deleted.status).toBe(403);
      expect(deleted.body.code).toBe("PERMISSION_DENIED");
    }
    expect(await db().oAuthClient.count({ where: { id: app.id } })).toBe(1);
  });

  it("refuses bad input with 400 naming the field, and creates nothing", async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: "" }, "body.name"],
      [{ redirectUris: [] }, "body.redirectUris"],
      [{ redirectUris: ["http://example.com/callback"] }, "body.redirectUris.0: must use https"],
      [{ redirectUris: [REDIRECT_URI, "https://example.com/cb#part"] }, "body.redirectUris.1: must not contain a fragment"],
      [{ redirectUris: ["javascript:alert(1)"] }, "body.redirectUris.0"],
      [{ redirectUris: ["not a url"] }, "body.redirectUris.0: must be an absolute URL"],
      [{ scopes: [] }, "body.scopes"],
      [{ scopes: ["*"] }, "body.scopes.0"],
      [{ scopes: ["email:delete"] }, "body.scopes.0"],
      [{ confidential: "yes" }, "body.confidential"],
      [{ clientUri: "javascript:alert(1)" }, "body.clientUri"],
      [{ homepage: "https://example.com" }, "homepage"],
    ];
    const before = await appCount(owner.org.id);
    for (const [extra, where] of bad) {
      const res = await call("/api/oauth-apps", { cookie: owner.cookie, body: appBody(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.error, JSON.stringify(extra)).toContain(where);
    }
    const notJson = await call("/api/oauth-apps", { cookie: owner.cookie, raw: "{", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(await appCount(owner.org.id)).toBe(before);
  });

  it("answers 404 for another organization's app and leaves it alone; 400 for a malformed id", async () => {
    const app = await registerApp(owner.cookie, { name: "Ours" });
    const res = await call(`/api/oauth-apps/${app.id}`, { method: "DELETE", cookie: other.cookie });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
    expect(await db().oAuthClient.count({ where: { id: app.id } })).toBe(1);
    expect((await listApps(other.cookie)).map((a) => a.id)).not.toContain(app.id);

    const malformed = await call("/api/oauth-apps/not-an-id", { method: "DELETE", cookie: owner.cookie });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toContain("params.id");
  });

  it("refuses callers without a session, and app tokens and API keys (dashboard only)", async () => {
    expect((await call("/api/oauth-apps")).status).toBe(401);
    expect((await call("/api/oauth-apps", { body: appBody() })).status).toBe(401);
    const app = await registerApp(owner.cookie, { name: "Token holder" });
    const tokens = await connect(owner.cookie, app.clientId, "templates:read");
    const key = await createKey(owner.cookie, ["*"]);
    for (const credential of [tokens.access_token, key.key]) {
      for (const path of ["/api/oauth-apps", "/api/connected-apps"]) {
        const res = await call(path, { key: credential });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("SESSION_ONLY");
      }
      const created = await call("/api/oauth-apps", { key: credential, body: appBody({ name: "By a credential" }) });
      expect(created.status).toBe(403);
      const deleted = await call(`/api/oauth-apps/${app.id}`, { method: "DELETE", key: credential });
      expect(deleted.status).toBe(403);
    }
    expect(await db().oAuthClient.count({ where: { orgId: owner.org.id, name: "By a credential" } })).toBe(0);
    expect(await db().oAuthClient.count({ where: { id: app.id } })).toBe(1);
  });

  it("deleting an app ends every connection at once", async () => {
    const app = await registerApp(owner.cookie, { name: "Short-lived" });
    const tokens = await connect(member.cookie, app.clientId);
    expect(tokens.scope).toBe("email:send templates:read");
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(200);
    expect((await listApps(owner.cookie)).find((a) => a.id === app.id)?.connections).toBe(1);

    const res = await call(`/api/oauth-apps/${app.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(401);
    expect((await listApps(owner.cookie)).map((a) => a.id)).not.toContain(app.id);
    expect((await listConnected(member.cookie)).map((c) => c.app.clientId)).not.toContain(app.clientId);
    expect(await db().oAuthGrant.count({ where: { client: { id: app.id } } })).toBe(0);
    expect((await call(`/api/oauth-apps/${app.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
    const audit = await db().auditLog.findFirst({ where: { orgId: owner.org.id, targetId: app.id, action: "oauth_app.deleted" } });
    expect(audit).toMatchObject({ actorType: "user", actorId: admin.member.userId });
  });
});

describe("connected apps", () => {
  it("lists only the signed-in user's own connections, with what each was granted", async () => {
    const app = await registerApp(owner.cookie, { name: "Mine only" });
    expect((await connect(viewer.cookie, app.clientId, "templates:read")).scope).toBe("templates:read");
    await connect(member.cookie, app.clientId);

    const mine = await call("/api/connected-apps", { cookie: member.cookie });
    expect(mine.status).toBe(200);
    const entry = mine.body.connectedApps.find((c: { app: { clientId: string } }) => c.app.clientId === app.clientId);
    expect(entry).toEqual({
      id: expect.any(String),
      app: { clientId: app.clientId, name: "Mine only", clientUri: null },
      scopes: ["email:send", "templates:read"],
      connectedAt: expect.any(String),
      lastUsedAt: expect.any(String),
    });
    const grant = await db().oAuthGrant.findUniqueOrThrow({ where: { id: entry.id } });
    expect(grant.userId).toBe(member.member.userId);

    // The owner, in the same organization, sees none of the member's or the viewer's connections.
    const ownersIds = (await listConnected(owner.cookie)).map((c) => c.id);
    expect(ownersIds).not.toContain(entry.id);
    const viewersGrant = (await listConnected(viewer.cookie)).find((c) => c.app.clientId === app.clientId);
    expect(viewersGrant).toBeDefined();
    expect(viewersGrant!.id).not.toBe(entry.id);
    expect(ownersIds).not.toContain(viewersGrant!.id);
    expect((await listConnected(member.cookie)).map((c) => c.id)).not.toContain(viewersGrant!.id);
    expect((await listConnected(other.cookie)).length).toBe(0);
    expect((await listApps(owner.cookie)).find((a) => a.id === app.id)?.connections).toBe(2);
  });

  it("revoking one's own connection stops its token at once; someone else's answers 404 and stays", async () => {
    const app = await registerApp(owner.cookie, { name: "Revocable" });
    const tokens = await connect(member.cookie, app.clientId);
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(200);
    const grantId = (await listConnected(member.cookie)).find((c) => c.app.clientId === app.clientId)!.id;

    // Another user of the organization (even its owner), and another organization, cannot touch it.
    for (const cookie of [owner.cookie, viewer.cookie, other.cookie]) {
      const res = await call(`/api/connected-apps/${grantId}`, { method: "DELETE", cookie });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("NOT_FOUND");
    }
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(200);
    expect((await db().oAuthGrant.findUniqueOrThrow({ where: { id: grantId } })).revokedAt).toBeNull();

    const res = await call(`/api/connected-apps/${grantId}`, { method: "DELETE", cookie: member.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: true });
    expect((await call("/api/v1/templates", { key: tokens.access_token })).status).toBe(401);
    expect((await listConnected(member.cookie)).map((c) => c.id)).not.toContain(grantId);
    expect((await listApps(owner.cookie)).find((a) => a.id === app.id)?.connections).toBe(0);
    // The refresh token went with it.
    const refreshed = await fetch(`${inject("baseUrl")}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: app.clientId }),
    });
    expect(refreshed.status).toBe(400);
    expect((await refreshed.json()).error).toBe("invalid_grant");

    expect((await call(`/api/connected-apps/${grantId}`, { method: "DELETE", cookie: member.cookie })).status).toBe(404);
    expect((await call("/api/connected-apps/not-an-id", { method: "DELETE", cookie: member.cookie })).status).toBe(400);
    const audit = await db().auditLog.findFirst({ where: { orgId: owner.org.id, targetId: grantId, action: "oauth_app.revoked" } });
    expect(audit).toMatchObject({ actorType: "user", actorId: member.member.userId });
  });

  it("needs a session", async () => {
    expect((await call("/api/connected-apps")).status).toBe(401);
    expect((await call("/api/connected-apps/00000000-0000-4000-8000-000000000000", { method: "DELETE" })).status).toBe(401);
  });
});

describe("the consent page over HTTP", () => {
  const page = (query: Record<string, string>, cookie?: string) =>
    fetch(`${inject("baseUrl")}/oauth/authorize?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it("sends a signed-out visitor to sign in and back to the same request", async () => {
    const query = { response_type: "code", client_id: "mrc_x", scope: "email:send templates:read", state: "s t" };
    const res = await page(query);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!, inject("baseUrl"));
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("callbackUrl")).toBe(`/oauth/authorize?${new URLSearchParams(query)}`);
  });

  it("lists what is granted and what is not, with the form's fields, and cannot be framed", async () => {
    const app = await registerApp(owner.cookie, { name: "Consent check" });
    const pkce = await newPkce();
    const params = authorizationParams({ client_id: app.clientId }, pkce, "email:send templates:read webhooks:write", "state-123");
    const res = await page(params, member.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // React separates adjacent text with empty comments.
    const html = (await res.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Consent check wants to access ${owner.org.name}`);
    expect(html).toContain(">Not granted</h2>");
    const section = (id: string) =>
      html.slice(html.indexOf(`data-testid="${id}"`), html.indexOf("</ul>", html.indexOf(`data-testid="${id}"`)));
    expect(section("oauth-granted")).toContain("email:send");
    expect(section("oauth-granted")).toContain("templates:read");
    expect(section("oauth-granted")).not.toContain("webhooks:write");
    expect(section("oauth-not-granted")).toContain("webhooks:write");
    for (const [name, value] of Object.entries(params)) expect(html).toContain(`type="hidden" name="${name}" value="${value}"`);
    expect(html).toContain(`type="hidden" name="granted" value="email:send templates:read"`);
    const buttons = [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].filter(([, attrs]) => attrs.includes('name="decision"'));
    expect(buttons.map(([, attrs, label]) => [label, /value="(\w+)"/.exec(attrs)?.[1]])).toEqual([
      ["Deny", "deny"],
      ["Approve", "approve"],
    ]);

    // The owner's role backs everything asked for: no "Not granted" section at all.
    const owners = await (await page(params, owner.cookie)).text();
    expect(owners).not.toContain("Not granted");
  });

  it("shows an error for an unknown app, an unregistered return address or a repeated parameter, and never redirects", async () => {
    const app = await registerApp(owner.cookie, { name: "Errors" });
    const pkce = await newPkce();
    const good = authorizationParams({ client_id: app.clientId }, pkce, "templates:read");
    const cases = [
      [{ ...good, client_id: "mrc_unknown" }, "not registered here"],
      [{ ...good, redirect_uri: "https://evil.example/cb" }, "is not one it registered"],
    ] as const;
    for (const [query, text] of cases) {
      const res = await page(query, member.cookie);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(text);
    }
    const repeated = await fetch(`${inject("baseUrl")}/oauth/authorize?${new URLSearchParams(good)}&scope=org%3Aread`, {
      headers: { cookie: member.cookie },
      redirect: "manual",
    });
    expect(repeated.status).toBe(200);
    expect(await repeated.text()).toContain("repeats the parameter");
    // Another organization's user gets the error page too, the app's name quoted as that organization's words.
    const foreign = (await page(good, other.cookie)).text();
    expect(await foreign).toContain("“Errors” is registered to another organization");
  });

  it("a self-registered app's mistakes are shown on the page, never redirected to; an organization's own app gets them back", async () => {
    const registered = await call("/api/oauth/register", {
      body: { redirect_uris: ["https://attacker.example/landing"], client_name: "Lure https://evil.example", scope: "templates:read" },
    });
    expect(registered.status).toBe(201);
    const lure = {
      ...authorizationParams({ client_id: (registered.body as { client_id: string }).client_id }, await newPkce(), "templates:read"),
      redirect_uri: "https://attacker.example/landing",
    };
    const mistakes: [Record<string, string>, string, string][] = [
      [{ ...lure, response_type: "token" }, "unsupported_response_type", "Only response_type=code is supported"],
      [{ ...lure, code_challenge_method: "plain" }, "invalid_request", "PKCE is required"],
      [{ ...lure, code_challenge: "short" }, "invalid_request", "code_challenge is malformed"],
    ];
    for (const [query, error, text] of mistakes) {
      const res = await page(query, member.cookie);
      expect(res.status, error).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      const html = (await res.text()).replaceAll("<!-- -->", "");
      // Its name is anyone's words: quoted and defanged on our page.
      expect(html).toContain("“Lure https[:]//evil[.]example” can&#x27;t be connected");
      expect(html).not.toContain("https://evil.example");
      expect(html).toContain(text);
      expect(html).toContain(`error: ${error}`);
      // At most a plain link to the app's host, carrying nothing.
      expect(html).toContain(`href="https://attacker.example"`);
      expect(html).toContain("Return to attacker.example");
      expect(html).not.toContain("attacker.example/landing");
      // The consent form's endpoint refuses the same request without a redirect.
      const posted = await decide(member.cookie, query);
      expect(posted.status).toBe(400);
      expect(posted.location).toBeNull();
      expect(posted.body).toMatchObject({ error });
    }
    // A self-registered private-use scheme gets no link at all.
    const native = await call("/api/oauth/register", {
      body: { redirect_uris: ["com.example.app:/cb"], client_name: "Native", scope: "templates:read" },
    });
    const nativeQuery = {
      ...authorizationParams({ client_id: (native.body as { client_id: string }).client_id }, await newPkce(), "templates:read"),
      redirect_uri: "com.example.app:/cb",
      response_type: "token",
    };
    const nativePage = await (await page(nativeQuery, member.cookie)).text();
    expect(nativePage).toContain("unsupported_response_type");
    expect(nativePage).not.toContain("Return to");

    // An app the organization registered in the dashboard is told, as the protocol says.
    const own = await registerApp(owner.cookie, { name: "Own app" });
    const ownParams = authorizationParams({ client_id: own.clientId }, await newPkce(), "templates:read");
    const res = await page({ ...ownParams, response_type: "token" }, member.cookie);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBe("unsupported_response_type");
    expect(location.searchParams.get("state")).toBe(ownParams.state);
  });

  it("approval grants no more than the screen showed, even if the role grew since; nothing shown fails with invalid_scope", async () => {
    const app = await registerApp(owner.cookie, { name: "Shown only" });
    const client: oauth.Client = { client_id: app.clientId, token_endpoint_auth_method: "none" };
    const pkce = await newPkce();
    // The owner's role backs all three, but the screen (drawn while they were a member, say) showed one.
    const params = authorizationParams(client, pkce, "email:send templates:read webhooks:write");
    const decided = await decide(owner.cookie, { ...params, granted: "templates:read" });
    const tokens = await exchange(as, client, decided.location!, params.state, pkce);
    expect(tokens.scope).toBe("templates:read");

    const none = authorizationParams(client, await newPkce(), "email:send webhooks:write");
    const refused = await decide(owner.cookie, { ...none, granted: "" });
    expect(refused.status).toBe(302);
    expect(refused.location!.searchParams.get("error")).toBe("invalid_scope");
    expect(refused.location!.searchParams.get("state")).toBe(none.state);
    expect(refused.location!.searchParams.get("code")).toBeNull();
  });

  it("sends a request the app got wrong back to it with the protocol's error", async () => {
    const app = await registerApp(owner.cookie, { name: "No PKCE" });
    const res = await page({ response_type: "code", client_id: app.clientId, redirect_uri: REDIRECT_URI, state: "abc" }, member.cookie);
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("abc");
  });
});
