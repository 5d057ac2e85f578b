// Sign-in through next-auth's credentials flow, the session it yields, and sign-out.
import { describe, expect, inject, it } from "vitest";
import { signIn } from "../helpers/sign-in";
import { call } from "../helpers/http";
import { PASSWORD, newOrg } from "../helpers/factory";

describe("credentials sign-in", () => {
  it("signs the bootstrap owner in and the session carries user, organization and role", async () => {
    const { status, cookie } = await signIn(inject("ownerEmail"), inject("ownerPassword"));
    expect(status).toBe(200);
    expect(cookie).toBeTruthy();
    const session = await call("/api/auth/session", { cookie: cookie! });
    expect(session.body.user).toMatchObject({ email: inject("ownerEmail"), role: "owner", orgId: expect.any(String) });
    const org = await call("/api/v1/organization", { cookie: cookie! });
    expect(org.body.data.id).toBe(session.body.user.orgId);
    const projects = await call("/api/v1/projects", { cookie: cookie! });
    expect(projects.body.data.some((p: { isDefault: boolean }) => p.isDefault)).toBe(true);
  });

  it("is case-insensitive on the email address", async () => {
    const { email } = await newOrg();
    expect((await signIn(email.toUpperCase(), PASSWORD)).cookie).toBeTruthy();
  });

  it("refuses a wrong password and an unknown address with 401 and no session", async () => {
    const { email } = await newOrg();
    for (const [e, p] of [[email, "wrong-password"], ["nobody@example.test", PASSWORD], [email, ""]]) {
      const res = await signIn(e, p);
      expect(res.status).toBe(401);
      expect(res.cookie).toBeNull();
    }
  });

  it("stops guessing: after 10 failures in the window even the right password is refused", async () => {
    const { email } = await newOrg();
    for (let i = 0; i < 10; i++) expect((await signIn(email, `guess-${i}`)).status).toBe(401);
    const right = await signIn(email, PASSWORD);
    expect(right.status).toBe(401);
    expect(right.cookie).toBeNull();
  });

  it("counts only failures, and a success clears them: frequent sign-ins never lock anyone out", async () => {
    const { email } = await newOrg();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) expect((await signIn(email, `guess-${i}`)).status).toBe(401);
      expect((await signIn(email, PASSWORD)).cookie).toBeTruthy();
    }
    for (let i = 0; i < 12; i++) expect((await signIn(email, PASSWORD)).cookie).toBeTruthy();
  });

  it("refuses a sign-in post without the CSRF token", async () => {
    const { email } = await newOrg();
    const res = await fetch(`${inject("baseUrl")}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password: PASSWORD, json: "true" }),
      redirect: "manual",
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
  });

  it("signs out: the cookie is cleared and the old session stops working everywhere", async () => {
    const { cookie } = await newOrg();
    expect((await call("/api/v1/organization", { cookie })).status).toBe(200);
    const csrf = await call("/api/auth/csrf", { cookie });
    const res = await fetch(`${inject("baseUrl")}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams({ csrfToken: csrf.body.csrfToken, json: "true" }),
      redirect: "manual",
    });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // A copy of the old cookie (another tab, a stolen copy) is refused from now on.
    expect((await call("/api/v1/organization", { cookie })).status).toBe(401);
    expect((await call("/api/auth/session", { cookie })).body?.user?.orgId ?? "").toBe("");
  });

  it("serves the sign-in page, and sends signed-out visitors of the dashboard there", async () => {
    const page = await fetch(`${inject("baseUrl")}/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in to Mailroom");
    const dash = await fetch(`${inject("baseUrl")}/`, { redirect: "manual" });
    expect([307, 308]).toContain(dash.status);
    expect(dash.headers.get("location")).toContain("/sign-in");
  });
});
