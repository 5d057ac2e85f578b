// OAuth app connection (SPEC Authentication; docs/oauth.md) over real HTTP, with a real OAuth
// client library as the app: discovery, dynamic registration, PKCE, consent narrowing,
// invalid_scope, refresh rotation with reuse detection, narrowing at refresh, removal.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import * as oauth from "oauth4webapi";
import { call, type CallResult } from "../helpers/http";
import { addMemberAs, newOrg } from "../helpers/factory";
import {
  REDIRECT_URI,
  authorizationParams,
  connectApp,
  decide,
  discover,
  exchange,
  insecure,
  newPkce,
  oauthError,
  refresh,
  registerPublicApp,
} from "../helpers/oauth-app";
import { db } from "@/lib/db/client";
import { REGISTRATIONS_PER_HOUR } from "@/lib/oauth/registration-endpoint";
import { sha256Hex } from "@/lib/crypto/tokens";
import { createApp } from "@/lib/oauth/register-client";
import { UNUSED_APP_DAYS, pruneExpiredOAuth } from "@/lib/oauth/prune";
import { authorizeFor } from "@/lib/oauth/server";

let owner: Awaited<ReturnType<typeof newOrg>>;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  owner = await newOrg();
  as = await discover();
});

const bearer = (token: string) => ({ key: token });

describe("discovery", () => {
  it("publishes RFC 8414 metadata whose issuer is the app URL, with S256 only", async () => {
    expect(as.issuer).toBe(new URL(inject("baseUrl")).href.replace(/\/$/, ""));
    expect(as).toMatchObject({
      authorization_endpoint: `${as.issuer}/oauth/authorize`,
      token_endpoint: `${as.issuer}/api/oauth/token`,
      registration_endpoint: `${as.issuer}/api/oauth/register`,
      revocation_endpoint: `${as.issuer}/api/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
    expect(as.scopes_supported).toContain("email:send");
    expect(as.scopes_supported).not.toContain("*");
  });
});

describe("the authorization code flow with PKCE", () => {
  it("grants a member only what the role backs; the token response reports that narrower scope", async () => {
    const member = await addMemberAs(owner.cookie, "member");
    const { tokens } = await connectApp(member.cookie, "email:send templates:read webhooks:write");
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("email:send templates:read");
    expect(tokens.access_token).toMatch(/^mrat_/);
    expect(tokens.refresh_token).toMatch(/^mrrt_/);
    expect(tokens.expires_in).toBeGreaterThan(3590);
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);

    // Stored as hashes only.
    const row = await db().oAuthToken.findUniqueOrThrow({ where: { hash: sha256Hex(tokens.access_token) } });
    expect(row.scopes).toEqual(["email:send", "templates:read"]);
    expect(JSON.stringify(await db().oAuthToken.findMany({ where: { grantId: row.grantId } }))).not.toContain(tokens.access_token);

    const templates = await call("/api/v1/templates", bearer(tokens.access_token));
    expect(templates.status).toBe(200);
    expect(templates.headers.get("x-ratelimit-limit")).toBe("60");
    const webhooks = await call("/api/v1/webhook-endpoints", {
      ...bearer(tokens.access_token),
      body: { url: "https://example.test/hook", events: ["email.sent"] },
    });
    expect(webhooks.status).toBe(403);
    expect(webhooks.body).toMatchObject({ code: "SCOPE_DENIED", error: "This access token lacks the webhooks:write scope" });
    expect(await db().webhookEndpoint.count({ where: { orgId: owner.org.id } })).toBe(0);
  });

  it("a role that backs none of the requested scopes fails with invalid_scope and grants nothing", async () => {
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const client = await registerPublicApp(as, "email:send webhooks:write");
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "email:send webhooks:write");
    const decided = await decide(viewer.cookie, params);
    expect(decided.status).toBe(302);
    expect(decided.location!.origin + decided.location!.pathname).toBe(REDIRECT_URI);
    expect(decided.location!.searchParams.get("error")).toBe("invalid_scope");
    expect(decided.location!.searchParams.get("state")).toBe(params.state);
    expect(decided.location!.searchParams.get("code")).toBeNull();
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(await db().oAuthGrant.count({ where: { clientId: row.id } })).toBe(0);
  });

  it("denial sends the app back with access_denied and grants nothing", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const params = authorizationParams(client, await newPkce(), "templates:read");
    const decided = await decide(owner.cookie, params, "deny");
    expect(decided.location!.searchParams.get("error")).toBe("access_denied");
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(await db().oAuthGrant.count({ where: { clientId: row.id } })).toBe(0);
  });

  it("requires PKCE with S256", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const pkce = await newPkce();
    const changes: Record<string, string>[] = [{ code_challenge: "" }, { code_challenge_method: "plain" }, { code_challenge: "short" }];
    for (const change of changes) {
      // A self-registered app is not redirected to (its redirect URI is anyone's word).
      const params = { ...authorizationParams(client, pkce, "templates:read"), ...change };
      const decided = await decide(owner.cookie, params);
      expect(decided.status).toBe(400);
      expect(decided.body.error).toBe("invalid_request");
    }
    // A wrong verifier spends the code and gets nothing.
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const other = await newPkce();
    expect(await oauthError(exchange(as, client, decided.location!, params.state, other))).toBe("invalid_grant");
    expect(await oauthError(exchange(as, client, decided.location!, params.state, pkce))).toBe("invalid_grant");
  });

  it("never redirects to an unregistered address or for an unknown app", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const params = { ...authorizationParams(client, await newPkce(), "templates:read"), redirect_uri: "https://attacker.example/cb" };
    const decided = await decide(owner.cookie, params);
    expect(decided.status).toBe(400);
    expect(decided.location).toBeNull();
    const unknown = await decide(owner.cookie, { ...params, client_id: "mrc_unknownunknownunknow", redirect_uri: REDIRECT_URI });
    expect(unknown.status).toBe(400);
  });

  it("refuses approval without a session and from another site", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const params = authorizationParams(client, await newPkce(), "templates:read");
    const anonymous = await fetch(`${inject("baseUrl")}/api/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...params, decision: "approve" }),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await fetch(`${inject("baseUrl")}/api/oauth/authorize`, {
      method: "POST",
      headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ ...params, decision: "approve" }),
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(await db().oAuthGrant.count({ where: { clientId: row.id } })).toBe(0);
  });

  it("two concurrent exchanges of one code: nothing either issued keeps working", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const results = await Promise.allSettled([1, 2, 3].map(() => exchange(as, client, decided.location!, params.state, pkce)));
    expect(results.filter((r) => r.status === "fulfilled").length).toBeLessThanOrEqual(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(await oauthError(Promise.reject(r.reason))).toBe("invalid_grant");
        continue;
      }
      expect((await call("/api/v1/templates", bearer(r.value.access_token))).status).toBe(401);
      expect(await oauthError(refresh(as, client, r.value.refresh_token!))).toBe("invalid_grant");
    }
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id }, include: { grants: true } });
    expect(await db().auditLog.count({ where: { targetId: row.grants[0].id, action: "oauth_app.code_reuse" } })).toBeGreaterThan(0);
  });

  it("a code still pending when the user revokes the connection is void, and not reported as a reuse", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id }, include: { grants: true } });
    const grantId = row.grants[0].id;
    expect((await call(`/api/connected-apps/${grantId}`, { cookie: owner.cookie, method: "DELETE" })).status).toBe(200);
    expect(await oauthError(exchange(as, client, decided.location!, params.state, pkce))).toBe("invalid_grant");
    expect(await db().auditLog.count({ where: { targetId: grantId, action: "oauth_app.code_reuse" } })).toBe(0);
  });

  it("redirects back keep the registered address's own query, and carry error, state and the issuer", async () => {
    const registered = `https://app.example/cb?tenant=a%20b&x=1`;
    const res = await call("/api/oauth/register", { body: { redirect_uris: [registered], scope: "templates:read webhooks:write" } });
    expect(res.status).toBe(201);
    const client = res.body as oauth.Client;
    const pkce = await newPkce();
    const params: Record<string, string> = { ...authorizationParams(client, pkce, "templates:read"), redirect_uri: registered };
    const expectBack = (location: URL | null) => {
      expect(location!.origin + location!.pathname).toBe("https://app.example/cb");
      expect(location!.search.startsWith("?tenant=a%20b&x=1&")).toBe(true);
      expect(location!.searchParams.get("state")).toBe(params.state);
      expect(location!.searchParams.get("iss")).toBe(as.issuer);
    };
    const denied = await decide(owner.cookie, params, "deny");
    expectBack(denied.location);
    expect(denied.location!.searchParams.get("error")).toBe("access_denied");
    const viewer = await addMemberAs(owner.cookie, "viewer");
    const refused = await decide(viewer.cookie, { ...params, scope: "webhooks:write" });
    expectBack(refused.location);
    expect(refused.location!.searchParams.get("error")).toBe("invalid_scope");
    const approved = await decide(owner.cookie, params);
    expectBack(approved.location);
    expect(approved.location!.searchParams.get("code")).toMatch(/^mrac_/);
    // oauth4webapi checks `iss` against the discovery document, which announces it.
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
    const callback = new URL(REDIRECT_URI);
    callback.search = approved.location!.search;
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        oauth.validateAuthResponse(as, client, callback, params.state),
        registered,
        pkce.verifier,
        insecure,
      ),
    );
    expect(tokens.scope).toBe("templates:read");
  });

  it("an approval is refused when someone else is signed in than the consent screen was shown to", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const params = authorizationParams(client, await newPkce(), "templates:read");
    const other = await newOrg();
    const stale = await decide(owner.cookie, { ...params, approver: `${other.org.id}:${other.user.id}` });
    expect(stale.status).toBe(400);
    expect(stale.location).toBeNull();
    expect(stale.body.error_description).toMatch(/signed in as someone else/);
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(await db().oAuthGrant.count({ where: { clientId: row.id } })).toBe(0);
    const same = await decide(owner.cookie, { ...params, approver: `${owner.org.id}:${owner.user.id}` });
    expect(same.location!.searchParams.get("code")).toMatch(/^mrac_/);
  });

  it("an org-bound app is never granted to another organization, even past the consent screen", async () => {
    const { client } = await createApp({
      orgId: owner.org.id,
      userId: owner.user.id,
      input: { name: "Internal", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: false },
    });
    const stranger = await newOrg();
    const params = authorizationParams({ client_id: client.clientId }, await newPkce(), "templates:read");
    const req = new Request(`${inject("baseUrl")}/api/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const res = await authorizeFor(req, params, { id: stranger.user.id, orgId: stranger.org.id, role: "owner" }, true);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("code")).toBeNull();
    expect(location.searchParams.get("error")).toBe("unauthorized_client");
    expect(await db().oAuthGrant.count({ where: { clientId: client.id } })).toBe(0);
  });

  it("a code works once: a second exchange fails and revokes what the first issued", async () => {
    const client = await registerPublicApp(as, "templates:read");
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const tokens = await exchange(as, client, decided.location!, params.state, pkce);
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(200);
    expect(await oauthError(exchange(as, client, decided.location!, params.state, pkce))).toBe("invalid_grant");
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(401);
    expect(await oauthError(refresh(as, client, tokens.refresh_token!))).toBe("invalid_grant");
  });

  it("an app registered to one organization cannot be connected by another's user", async () => {
    const { client } = await createApp({
      orgId: owner.org.id,
      userId: owner.user.id,
      input: { name: "Internal", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: false },
    });
    const stranger = await newOrg();
    const params = authorizationParams({ client_id: client.clientId }, await newPkce(), "templates:read");
    const decided = await decide(stranger.cookie, params);
    expect(decided.status).toBe(400);
    expect(decided.body.error_description).toMatch(/another organization/);
  });
});

describe("confidential apps", () => {
  it("must prove their secret at the token endpoint, and still use PKCE", async () => {
    const { client, clientSecret } = await createApp({
      orgId: owner.org.id,
      userId: owner.user.id,
      input: { name: "Server app", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: true },
    });
    expect(clientSecret).toMatch(/^mrcs_/);
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { id: client.id } });
    expect(row.secretHash).toBe(sha256Hex(clientSecret!));
    const app = { client_id: client.clientId };
    const attempt = async (auth: oauth.ClientAuth) => {
      const pkce = await newPkce();
      const params = authorizationParams(app, pkce, "templates:read");
      const decided = await decide(owner.cookie, params);
      return exchange(as, app, decided.location!, params.state, pkce, auth);
    };
    expect(await oauthError(attempt(oauth.None()))).toBe("invalid_client");
    expect(await oauthError(attempt(oauth.ClientSecretBasic("mrcs_wrong")))).toBe("invalid_client");
    const tokens = await attempt(oauth.ClientSecretBasic(clientSecret!));
    expect(tokens.scope).toBe("templates:read");
    expect(await oauthError(refresh(as, app, tokens.refresh_token!, oauth.None()))).toBe("invalid_client");
    expect((await refresh(as, app, tokens.refresh_token!, oauth.ClientSecretPost(clientSecret!))).scope).toBe("templates:read");
  });
});

describe("refresh tokens", () => {
  it("rotate, and presenting a rotated one again revokes the whole family", async () => {
    const { client, tokens } = await connectApp(owner.cookie, "templates:read");
    const second = await refresh(as, client, tokens.refresh_token!);
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call("/api/v1/templates", bearer(second.access_token))).status).toBe(200);

    expect(await oauthError(refresh(as, client, tokens.refresh_token!))).toBe("invalid_grant");
    // The thief's or the app's newer pair is gone too.
    expect(await oauthError(refresh(as, client, second.refresh_token!))).toBe("invalid_grant");
    expect((await call("/api/v1/templates", bearer(second.access_token))).status).toBe(401);
    const audit = await db().auditLog.findFirst({ where: { orgId: owner.org.id, action: "oauth_app.refresh_reuse" } });
    expect(audit).toMatchObject({ outcome: "revoked" });
  });

  it("two concurrent uses of one refresh token: at most one gets a pair, and the family is revoked", async () => {
    const { client, tokens } = await connectApp(owner.cookie, "templates:read");
    const results = await Promise.allSettled([refresh(as, client, tokens.refresh_token!), refresh(as, client, tokens.refresh_token!)]);
    // Which use loses is a race: the loser revokes the family either before the winner's pair
    // is saved (then the winner is refused too) or after (then the winner's pair is dead).
    const won = results
      .filter((r): r is PromiseFulfilledResult<oauth.TokenEndpointResponse> => r.status === "fulfilled")
      .map((r) => r.value);
    expect(won.length).toBeLessThanOrEqual(1);
    for (const r of results) if (r.status === "rejected") expect(await oauthError(Promise.reject(r.reason))).toBe("invalid_grant");
    for (const pair of won) {
      expect(await oauthError(refresh(as, client, pair.refresh_token!))).toBe("invalid_grant");
      expect((await call("/api/v1/templates", bearer(pair.access_token))).status).toBe(401);
    }
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(401);
  });

  it("a refresh asking for more than the token holds fails with invalid_scope and leaves the token usable", async () => {
    const { client, tokens } = await connectApp(owner.cookie, "templates:read email:send");
    for (const scope of ["templates:read webhooks:write", "*", "templates:read templates:write"]) {
      const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        additionalParameters: { scope },
      });
      expect(res.status, scope).toBe(400);
      expect((await res.json()).error, scope).toBe("invalid_scope");
    }
    // Not spent: the next refresh is an ordinary rotation, not a reuse that revokes the family.
    const narrower = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        additionalParameters: { scope: "templates:read" },
      }),
    );
    expect(narrower.scope).toBe("templates:read");
    expect((await call("/api/v1/templates", bearer(narrower.access_token))).status).toBe(200);
    const grant = await db().oAuthToken.findUniqueOrThrow({ where: { hash: sha256Hex(tokens.access_token) } });
    expect(await db().auditLog.count({ where: { targetId: grant.grantId, action: "oauth_app.refresh_reuse" } })).toBe(0);
  });

  it("carry only what the role allows at the moment of the refresh", async () => {
    const admin = await addMemberAs(owner.cookie, "admin");
    const { client, tokens } = await connectApp(admin.cookie, "email:send webhooks:write templates:read");
    expect(tokens.scope).toBe("email:send webhooks:write templates:read");
    const changed = await call(`/api/org/members/${admin.member.id}`, { cookie: owner.cookie, method: "PATCH", body: { role: "viewer" } });
    expect(changed.status).toBe(200);

    const after = await refresh(as, client, tokens.refresh_token!);
    expect(after.scope).toBe("templates:read");
    expect((await call("/api/v1/templates", bearer(after.access_token))).status).toBe(200);
    const send = await call("/api/v1/email/send", {
      ...bearer(after.access_token),
      body: { to: "a@example.test", subject: "s", text: "t" },
    });
    expect(send.status).toBe(403);
    expect(send.body.code).toBe("SCOPE_DENIED");
    // The access token issued before the change is held to the role now, too.
    expect(
      (
        await call("/api/v1/webhook-endpoints", {
          ...bearer(tokens.access_token),
          body: { url: "https://example.test/h", events: ["email.sent"] },
        })
      ).status,
    ).toBe(403);
  });

  it("a refresh after the role backs none of the app's scopes fails with invalid_scope", async () => {
    const admin = await addMemberAs(owner.cookie, "admin");
    const { client, tokens } = await connectApp(admin.cookie, "webhooks:write");
    await call(`/api/org/members/${admin.member.id}`, { cookie: owner.cookie, method: "PATCH", body: { role: "viewer" } });
    expect(await oauthError(refresh(as, client, tokens.refresh_token!))).toBe("invalid_scope");
  });

  it("end with the membership: a removed user's app gets invalid_grant at the next refresh", async () => {
    const member = await addMemberAs(owner.cookie, "member");
    const { client, tokens } = await connectApp(member.cookie, "templates:read");
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(200);
    const removed = await call(`/api/org/members/${member.member.id}`, { cookie: owner.cookie, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(await oauthError(refresh(as, client, tokens.refresh_token!))).toBe("invalid_grant");
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(401);
  });

  it("are revoked with their family through the revocation endpoint", async () => {
    const { client, tokens } = await connectApp(owner.cookie, "templates:read");
    const res = await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await oauth.processRevocationResponse(res);
    expect((await call("/api/v1/templates", bearer(tokens.access_token))).status).toBe(401);
    expect(await oauthError(refresh(as, client, tokens.refresh_token!))).toBe("invalid_grant");
    // Another client cannot revoke it (answered 200, nothing happens).
    const other = await connectApp(owner.cookie, "templates:read");
    const foreign = await oauth.revocationRequest(as, client, oauth.None(), other.tokens.access_token, insecure);
    expect(foreign.status).toBe(200);
    expect((await call("/api/v1/templates", bearer(other.tokens.access_token))).status).toBe(200);
  });
});

describe("access tokens on /api/v1", () => {
  it("are counted by the same per-minute limiter as keys", async () => {
    const { tokens } = await connectApp(owner.cookie, "templates:read");
    let last: CallResult | undefined;
    for (let i = 0; i < 61; i++) last = await call("/api/v1/templates", bearer(tokens.access_token));
    expect(last!.status).toBe(429);
    expect(last!.body.code).toBe("RATE_LIMITED");
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("act for the user: a send made through one records the user and an oauth_app actor", async () => {
    const { tokens } = await connectApp(owner.cookie, "email:send");
    const grant = await db().oAuthToken.findUniqueOrThrow({ where: { hash: sha256Hex(tokens.access_token) } });
    await call("/api/v1/email/send", { ...bearer(tokens.access_token), body: { to: "nobody@example.test", subject: "s", text: "t" } });
    const audit = await db().auditLog.findFirst({
      where: { orgId: owner.org.id, action: "email.send", actorType: "oauth_app" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.actorId).toBe(grant.grantId);
  });

  it("that are malformed, unknown or expired answer 401", async () => {
    expect((await call("/api/v1/templates", bearer("mrat_" + "x".repeat(43)))).status).toBe(401);
    const { tokens } = await connectApp(owner.cookie, "templates:read");
    await db().oAuthToken.update({ where: { hash: sha256Hex(tokens.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call("/api/v1/templates", bearer(tokens.access_token));
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: "Invalid API key" });
  });
});

describe("housekeeping", () => {
  it("deletes codes and tokens a day past their expiry, and keeps the rest", async () => {
    const { tokens } = await connectApp(owner.cookie, "templates:read");
    const access = await db().oAuthToken.findUniqueOrThrow({ where: { hash: sha256Hex(tokens.access_token) } });
    const longAgo = new Date(Date.now() - 2 * 24 * 3_600_000);
    await db().oAuthToken.update({ where: { id: access.id }, data: { expiresAt: longAgo } });
    const code = await db().oAuthCode.findFirstOrThrow({ where: { grantId: access.grantId } });
    await db().oAuthCode.update({ where: { id: code.id }, data: { expiresAt: longAgo } });
    await pruneExpiredOAuth();
    expect(await db().oAuthToken.findUnique({ where: { id: access.id } })).toBeNull();
    expect(await db().oAuthCode.findUnique({ where: { id: code.id } })).toBeNull();
    expect(await db().oAuthToken.findUnique({ where: { hash: sha256Hex(tokens.refresh_token!) } })).not.toBeNull();
  });

  it("deletes self-registered apps nobody connected within 30 days, and no other app", async () => {
    const old = new Date(Date.now() - (UNUSED_APP_DAYS + 1) * 24 * 3_600_000);
    const unused = await registerPublicApp(as, "templates:read");
    const { client: connected } = await connectApp(owner.cookie, "templates:read");
    const fresh = await registerPublicApp(as, "templates:read");
    const { client: dashboard } = await createApp({
      orgId: owner.org.id,
      userId: owner.user.id,
      input: { name: "Kept", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: false },
    });
    await db().oAuthClient.updateMany({
      where: { clientId: { in: [unused.client_id, connected.client_id, dashboard.clientId] } },
      data: { createdAt: old },
    });
    await pruneExpiredOAuth();
    const left = (
      await db().oAuthClient.findMany({
        where: { clientId: { in: [unused.client_id, connected.client_id, fresh.client_id, dashboard.clientId] } },
      })
    ).map((c) => c.clientId);
    expect(left.sort()).toEqual([connected.client_id, fresh.client_id, dashboard.clientId].sort());
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  const register = (body: unknown) => call("/api/oauth/register", { body });

  it("registers public clients only, with valid redirect URIs and known scopes", async () => {
    const ok = await register({
      redirect_uris: ["https://app.example/cb", "http://localhost:8765/cb", "com.example.app:/cb"],
      client_name: "Agent",
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      client_name: "Agent",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(ok.body.client_secret).toBeUndefined();
    expect(ok.body.scope.split(" ")).toContain("email:send");

    const before = await db().oAuthClient.count();
    for (const [body, error] of [
      [{ redirect_uris: ["http://app.example/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example/cb#frag"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://app.example/cb"], token_endpoint_auth_method: "client_secret_basic" }, "invalid_client_metadata"],
      [{ redirect_uris: ["https://app.example/cb"], scope: "email:send *" }, "invalid_client_metadata"],
      [{ redirect_uris: ["https://app.example/cb"], grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      ["not an object", "invalid_client_metadata"],
    ] as const) {
      const res = await register(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
    }
    expect(await db().oAuthClient.count()).toBe(before);
  });

  it("limits registrations per client address as the nearest proxy saw it: a forged first X-Forwarded-For entry changes nothing", async () => {
    const body = { redirect_uris: ["https://app.example/cb"], client_name: "Flood" };
    const via = (forged: string) => call("/api/oauth/register", { body, headers: { "x-forwarded-for": `${forged}, 198.51.100.77` } });
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect((await via(`203.0.113.${i}`)).status).toBe(201);
    const refused = await via("203.0.113.250");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("invalid_request");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client address behind the same proxy is not held back.
    expect((await call("/api/oauth/register", { body, headers: { "x-forwarded-for": "198.51.100.78" } })).status).toBe(201);
  });
});

describe("browser apps", () => {
  it("may call discovery, registration, token and revocation cross-origin; the consent form may not be", async () => {
    const origin = "https://spa.example";
    for (const [path, method, headers] of [
      ["/.well-known/oauth-authorization-server", "GET", "mcp-protocol-version"],
      ["/api/oauth/register", "POST", "content-type"],
      ["/api/oauth/token", "POST", "authorization"],
      ["/api/oauth/revoke", "POST", "authorization"],
    ] as const) {
      const preflight = await fetch(`${inject("baseUrl")}${path}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": method, "access-control-request-headers": headers },
      });
      expect(preflight.status, path).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods"), path).toContain(method);
      expect(preflight.headers.get("access-control-allow-headers"), path).toContain(headers);
    }
    const registered = await call("/api/oauth/register", {
      body: { redirect_uris: [REDIRECT_URI], scope: "templates:read" },
      headers: { origin },
    });
    expect(registered.headers.get("access-control-allow-origin")).toBe("*");
    const client = registered.body as oauth.Client;
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      oauth.validateAuthResponse(as, client, decided.location!, params.state),
      REDIRECT_URI,
      pkce.verifier,
      {
        ...insecure,
        headers: { origin },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await fetch(`${inject("baseUrl")}/api/oauth/token`, {
      method: "POST",
      headers: { origin, authorization: "Basic bm9jb2xvbg==", "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token&refresh_token=x",
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(refused.headers.get("access-control-expose-headers")).toContain("www-authenticate");
    const consent = await fetch(`${inject("baseUrl")}/api/oauth/authorize`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST" },
    });
    expect(consent.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("failures inside the server", () => {
  // A storage failure, made real: a trigger in the database refuses one row.
  async function failingInsert(table: "oauth_tokens" | "oauth_codes", condition: string, marker: string) {
    const name = `fail_${randomBytes(6).toString("hex")}`;
    await db().$executeRawUnsafe(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${marker}'; END $$`,
    );
    await db().$executeRawUnsafe(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION ${name}()`,
    );
    return async () => {
      await db().$executeRawUnsafe(`DROP TRIGGER ${name} ON ${table}`);
      await db().$executeRawUnsafe(`DROP FUNCTION ${name}()`);
    };
  }

  it("answer server_error, and never hand the app the internal error's text", async () => {
    const marker = `internal-detail-${randomBytes(4).toString("hex")}`;
    // At the token endpoint.
    const client = await registerPublicApp(as, "templates:read");
    const pkce = await newPkce();
    const params = authorizationParams(client, pkce, "templates:read");
    const decided = await decide(owner.cookie, params);
    const code = await db().oAuthCode.findUniqueOrThrow({ where: { codeHash: sha256Hex(decided.location!.searchParams.get("code")!) } });
    let cleanUp = await failingInsert("oauth_tokens", `NEW.grant_id = '${code.grantId}'::uuid`, marker);
    try {
      const res = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        oauth.validateAuthResponse(as, client, decided.location!, params.state),
        REDIRECT_URI,
        pkce.verifier,
        insecure,
      );
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(text)).toEqual({ error: "server_error", error_description: "Server error" });
      expect(text).not.toContain(marker);
    } finally {
      await cleanUp();
    }
    // In the redirect back to the app from the consent form.
    const uri = `https://failing-${randomBytes(4).toString("hex")}.example/cb`;
    const registered = (await call("/api/oauth/register", { body: { redirect_uris: [uri], scope: "templates:read" } }))
      .body as oauth.Client;
    cleanUp = await failingInsert("oauth_codes", `NEW.redirect_uri = '${uri}'`, marker);
    try {
      const back = await decide(owner.cookie, { ...authorizationParams(registered, await newPkce(), "templates:read"), redirect_uri: uri });
      expect(back.status).toBe(302);
      expect(back.location!.searchParams.get("error")).toBe("server_error");
      expect(back.location!.href).not.toContain(marker);
    } finally {
      await cleanUp();
    }
  });
});

describe("hostile input", () => {
  it("control characters are refused, never reaching the database", async () => {
    for (const body of [
      { redirect_uris: ["https://app.example/cb"], client_name: "bad\u0000name" },
      { redirect_uris: ["https://app.example/c\u0000b"] },
      { redirect_uris: ["https://app.example/c b"] },
      { redirect_uris: ["https://app.example/cb"], client_uri: "https://app.example/\u0000" },
    ]) {
      const res = await call("/api/oauth/register", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(["invalid_redirect_uri", "invalid_client_metadata"], JSON.stringify(body)).toContain(res.body.error);
    }
    const revoke = await fetch(`${inject("baseUrl")}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "token=abc&client_id=mrc_%00",
    });
    expect(revoke.status).toBe(401);
    expect((await revoke.json()).error).toBe("invalid_client");
    const approval = await decide(owner.cookie, { client_id: "mrc_\u0000", redirect_uri: REDIRECT_URI, response_type: "code" });
    expect(approval.status).toBe(400);
    const page = await fetch(`${inject("baseUrl")}/oauth/authorize?client_id=mrc_%00&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`, {
      headers: { cookie: owner.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("not registered here");
  });

  it("a form body over 64 KiB is refused, naming its limit", async () => {
    const big = "a=" + "x".repeat(70 * 1024);
    for (const path of ["/api/oauth/token", "/api/oauth/revoke"]) {
      const res = await fetch(`${inject("baseUrl")}${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: big,
      });
      expect(res.status, path).toBe(400);
      expect((await res.json()).error_description, path).toMatch(/64 KiB/);
    }
    const registration = await call("/api/oauth/register", {
      raw: JSON.stringify({ redirect_uris: ["https://app.example/cb"], client_name: "x".repeat(70 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(registration.status).toBe(413);
    expect(registration.body.error_description).toMatch(/64 KiB/);
  });
});

describe("the token endpoint", () => {
  const post = (body: string, type = "application/x-www-form-urlencoded") =>
    fetch(`${inject("baseUrl")}/api/oauth/token`, { method: "POST", headers: { "content-type": type }, body });

  it("answers protocol errors as JSON, never 500", async () => {
    const cases: [Promise<Response>, number, string][] = [
      [post(JSON.stringify({ grant_type: "authorization_code" }), "application/json"), 400, "invalid_request"],
      [post("grant_type=password&username=a&password=b&client_id=x"), 400, "invalid_client"],
      [post("grant_type=authorization_code&grant_type=refresh_token"), 400, "invalid_request"],
      [post("grant_type=refresh_token&client_id=mrc_unknownunknownunknow&refresh_token=x"), 400, "invalid_client"],
      [fetch(`${inject("baseUrl")}/api/oauth/token`), 405, ""],
      // Malformed Basic credentials (no colon; a broken percent-encoding).
      ...[Buffer.from("nocolon").toString("base64"), Buffer.from("mrc_a%zz:secret").toString("base64")].map(
        (basic): [Promise<Response>, number, string] => [
          fetch(`${inject("baseUrl")}/api/oauth/token`, {
            method: "POST",
            headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
            body: "grant_type=refresh_token&refresh_token=x",
          }),
          401,
          "invalid_client",
        ],
      ),
    ];
    for (const [pending, status, error] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      if (error) expect((await res.json()).error).toBe(error);
    }
  });
});
