// OAuth app connection (SPEC Authentication; docs/oauth.md) over real HTTP, with a real OAuth
// client library as the app: discovery, dynamic registration, PKCE, consent narrowing,
// invalid_scope, refresh rotation with reuse detection, narrowing at refresh, removal.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import * as oauth from "oauth4webapi";
import { call, type CallResult } from "../helpers/http";
import { addMemberAs, newOrg } from "../helpers/factory";
import {
  REDIRECT_URI, authorizationParams, connectApp, decide, discover, exchange, insecure, newPkce, oauthError, refresh, registerPublicApp,
} from "../helpers/oauth-app";
import { db } from "@/lib/db/client";
import { sha256Hex } from "@/lib/crypto/tokens";
import { createApp } from "@/lib/oauth/register-client";
import { pruneExpiredOAuth } from "@/lib/oauth/prune";

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
    const webhooks = await call("/api/v1/webhook-endpoints", { ...bearer(tokens.access_token), body: { url: "https://example.test/hook", events: ["email.sent"] } });
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
      const params = { ...authorizationParams(client, pkce, "templates:read"), ...change };
      const decided = await decide(owner.cookie, params);
      expect(decided.status).toBe(302);
      expect(decided.location!.searchParams.get("error")).toBe("invalid_request");
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
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ ...params, decision: "approve" }), redirect: "manual",
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await fetch(`${inject("baseUrl")}/api/oauth/authorize`, {
      method: "POST", headers: { cookie: owner.cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ ...params, decision: "approve" }), redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    const row = await db().oAuthClient.findUniqueOrThrow({ where: { clientId: client.client_id } });
    expect(await db().oAuthGrant.count({ where: { clientId: row.id } })).toBe(0);
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
    const { client } = await createApp({ orgId: owner.org.id, userId: owner.user.id, input: { name: "Internal", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: false } });
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
      orgId: owner.org.id, userId: owner.user.id, input: { name: "Server app", redirectUris: [REDIRECT_URI], scopes: ["templates:read"], confidential: true },
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

  it("two concurrent uses of one refresh token: one wins, the family is revoked", async () => {
    const { client, tokens } = await connectApp(owner.cookie, "templates:read");
    const results = await Promise.allSettled([refresh(as, client, tokens.refresh_token!), refresh(as, client, tokens.refresh_token!)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const won = (results.find((r) => r.status === "fulfilled") as PromiseFulfilledResult<oauth.TokenEndpointResponse>).value;
    expect(await oauthError(refresh(as, client, won.refresh_token!))).toBe("invalid_grant");
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
    const send = await call("/api/v1/email/send", { ...bearer(after.access_token), body: { to: "a@example.test", subject: "s", text: "t" } });
    expect(send.status).toBe(403);
    expect(send.body.code).toBe("SCOPE_DENIED");
    // The access token issued before the change is held to the role now, too.
    expect((await call("/api/v1/webhook-endpoints", { ...bearer(tokens.access_token), body: { url: "https://example.test/h", events: ["email.sent"] } })).status).toBe(403);
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
    const audit = await db().auditLog.findFirst({ where: { orgId: owner.org.id, action: "email.send", actorType: "oauth_app" }, orderBy: { createdAt: "desc" } });
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
});

describe("dynamic client registration (RFC 7591)", () => {
  const register = (body: unknown) => call("/api/oauth/register", { body });

  it("registers public clients only, with valid redirect URIs and known scopes", async () => {
    const ok = await register({ redirect_uris: ["https://app.example/cb", "http://localhost:8765/cb", "com.example.app:/cb"], client_name: "Agent" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ client_name: "Agent", token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"] });
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
    ];
    for (const [pending, status, error] of cases) {
      const res = await pending;
      expect(res.status).toBe(status);
      if (error) expect((await res.json()).error).toBe(error);
    }
  });
});
