// People in several organizations: their list, the switch of the session between them, the
// one sign-in opens, and what a session naming an organization they left still reaches.
import { describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { newOrg, PASSWORD } from "../helpers/factory";
import { signIn, signInOrThrow } from "../helpers/sign-in";
import { db } from "@/lib/db/client";

const SESSION = "next-auth.session-token=";

/** Someone who owns organization A and is a member of organization B (joined later). */
async function personInTwo() {
  const a = await newOrg();
  const b = await newOrg();
  const membership = await db().membership.create({ data: { orgId: b.org.id, userId: a.user.id, role: "member" } });
  return { a, b, email: a.email, cookie: a.cookie, membershipInB: membership.id };
}

/** Switches and answers the response and the cookie header holding the new session. */
async function switchTo(cookie: string, orgId: string, headers: Record<string, string> = {}) {
  const res = await call("/api/account/organization", { cookie, body: { orgId }, headers });
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith(SESSION))
    ?.split(";")[0];
  const others = cookie.split("; ").filter((c) => !c.startsWith(SESSION));
  return { res, session, cookie: session ? [...others, session].join("; ") : null };
}

describe("GET /api/account/organizations", () => {
  it("lists the user's organizations with their role, the session's marked current", async () => {
    const { a, b, cookie } = await personInTwo();
    const res = await call("/api/account/organizations", { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      organizations: [
        { id: a.org.id, name: a.org.name, role: "owner", current: true },
        { id: b.org.id, name: b.org.name, role: "member", current: false },
      ],
    });
  });

  it("is dashboard-only: an API key is refused, no session is 401", async () => {
    const { cookie } = await personInTwo();
    const key = (await call("/api/api-keys", { cookie, body: { name: "k", scopes: ["*"] } })).body.key as string;
    expect((await call("/api/account/organizations", { key })).status).toBe(403);
    expect((await call("/api/account/organizations")).body).toEqual({ error: "Unauthorized", code: "UNAUTHORIZED" });
  });
});

describe("POST /api/account/organization", () => {
  it("moves the session to another of the user's organizations: the API then answers with its data", async () => {
    const { a, b, cookie } = await personInTwo();
    const s = await switchTo(cookie, b.org.id);
    expect(s.res.status).toBe(200);
    expect(s.res.body).toEqual({ organization: { id: b.org.id, name: b.org.name, role: "member", current: true } });
    expect(s.cookie).toBeTruthy();
    const inB = s.cookie!;
    expect((await call("/api/v1/organization", { cookie: inB })).body.data).toMatchObject({ id: b.org.id, name: b.org.name });
    expect((await call("/api/auth/session", { cookie: inB })).body.user).toMatchObject({ orgId: b.org.id, role: "member" });
    const projects = (await call("/api/v1/projects", { cookie: inB })).body.data as { id: string }[];
    expect(projects.map((p) => p.id)).toEqual([b.project.id]);
    // A member of B, not its owner: B's owner-only routes are refused.
    expect(
      (await call("/api/org/members", { cookie: inB, body: { email: "x@example.test", name: "x", role: "member", password: PASSWORD } }))
        .status,
    ).toBe(403);
    expect(
      (await call("/api/account/organizations", { cookie: inB })).body.organizations.map((o: { current: boolean }) => o.current),
    ).toEqual([false, true]);

    // And back.
    const back = await switchTo(inB, a.org.id);
    expect(back.res.status).toBe(200);
    expect((await call("/api/v1/organization", { cookie: back.cookie! })).body.data.id).toBe(a.org.id);
  });

  it("refuses an organization the user is not a member of with 404; the session stays where it was", async () => {
    const { a, cookie, email } = await personInTwo();
    const foreign = await newOrg();
    for (const orgId of [foreign.org.id, "00000000-0000-4000-8000-000000000000"]) {
      const s = await switchTo(cookie, orgId);
      expect(s.res.status).toBe(404);
      expect(s.res.body).toEqual({ error: "Organization not found", code: "NOT_FOUND" });
      expect(s.session).toBeUndefined();
    }
    expect((await switchTo(cookie, "not-a-uuid")).res.status).toBe(400);
    expect((await call("/api/v1/organization", { cookie })).body.data.id).toBe(a.org.id);
    // Nothing remembered either: sign-in still opens A.
    const again = await signInOrThrow(email, PASSWORD);
    expect((await call("/api/v1/organization", { cookie: again })).body.data.id).toBe(a.org.id);
  });

  it("is refused cross-site", async () => {
    const { b, cookie } = await personInTwo();
    const s = await switchTo(cookie, b.org.id, { origin: "https://attacker.invalid", "sec-fetch-site": "cross-site" });
    expect(s.res.status).toBe(403);
    expect(s.res.body.code).toBe("CROSS_SITE_REQUEST");
    expect(s.session).toBeUndefined();
  });

  it("sign-in opens the organization switched to last, while the user is still a member there", async () => {
    const { a, b, cookie, email, membershipInB } = await personInTwo();
    expect((await switchTo(cookie, b.org.id)).res.status).toBe(200);
    const next = await signInOrThrow(email, PASSWORD);
    expect((await call("/api/v1/organization", { cookie: next })).body.data.id).toBe(b.org.id);
    // Removed from B: sign-in opens A again.
    expect((await call(`/api/org/members/${membershipInB}`, { cookie: b.cookie, method: "DELETE" })).status).toBe(200);
    const after = await signIn(email, PASSWORD);
    expect((await call("/api/v1/organization", { cookie: after.cookie! })).body.data.id).toBe(a.org.id);
  });

  it("a session in an organization the user was removed from grants nothing there, and cannot switch back in", async () => {
    const { a, b, cookie, membershipInB } = await personInTwo();
    const inB = (await switchTo(cookie, b.org.id)).cookie!;
    expect((await call(`/api/org/members/${membershipInB}`, { cookie: b.cookie, method: "DELETE" })).status).toBe(200);
    for (const path of ["/api/v1/organization", "/api/v1/projects", "/api/account/organizations"]) {
      expect((await call(path, { cookie: inB })).status, path).toBe(401);
    }
    expect((await call("/api/auth/session", { cookie: inB })).body?.user?.orgId ?? "").toBe("");
    expect((await switchTo(inB, b.org.id)).res.status).toBe(401);
    expect((await switchTo(inB, a.org.id)).res.status).toBe(401);
    // The earlier session, in A, goes on; switching into B from it is now a 404.
    expect((await call("/api/v1/organization", { cookie })).body.data.id).toBe(a.org.id);
    expect((await switchTo(cookie, b.org.id)).res.status).toBe(404);
  });

  it("a session issued before a sign-out cannot be revived by switching", async () => {
    const { b, cookie } = await personInTwo();
    const csrf = await call("/api/auth/csrf", { cookie });
    await fetch(`${inject("baseUrl")}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }),
      redirect: "manual",
    });
    const s = await switchTo(cookie, b.org.id);
    expect(s.res.status).toBe(401);
    expect(s.session).toBeUndefined();
  });
});

describe("POST /switch-organization (the no-script pages' form)", () => {
  it("moves the session and sends the browser to the dashboard; a foreign organization is a 404 page", async () => {
    const { b, cookie } = await personInTwo();
    const foreign = await newOrg();
    const post = (orgId: string, c = cookie) =>
      fetch(`${inject("baseUrl")}/switch-organization`, {
        method: "POST",
        headers: { cookie: c, "content-type": "application/x-www-form-urlencoded", origin: inject("baseUrl") },
        body: new URLSearchParams({ orgId }),
        redirect: "manual",
      });
    const refused = await post(foreign.org.id);
    expect(refused.status).toBe(404);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
    const res = await post(b.org.id);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(SESSION))!
      .split(";")[0];
    expect((await call("/api/v1/organization", { cookie: session })).body.data.id).toBe(b.org.id);
    const crossSite = await fetch(`${inject("baseUrl")}/switch-organization`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "https://attacker.invalid" },
      body: new URLSearchParams({ orgId: b.org.id }),
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    expect((await post(b.org.id, "")).status).toBe(404);
  });
});
