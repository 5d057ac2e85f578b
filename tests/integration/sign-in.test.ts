// Sign-in through next-auth's credentials flow, the session it yields, and sign-out.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signIn, signInBurst } from "../helpers/sign-in";
import { startServer, type RunningServer } from "../helpers/server";
import { call } from "../helpers/http";
import { PASSWORD, newOrg } from "../helpers/factory";
import { dashboardPagePaths } from "../helpers/dashboard-pages";

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
    for (const [e, p] of [
      [email, "wrong-password"],
      ["nobody@example.test", PASSWORD],
      [email, ""],
    ]) {
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

  it("answers malformed requests on every next-auth route with a 4xx or a redirect, never a 5xx", async () => {
    const base = inject("baseUrl");
    const csrf = await fetch(`${base}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const jar = csrf.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const routes = [
      "signin",
      "signin/credentials",
      "signin/nope",
      "callback/credentials",
      "callback/nope",
      "callback",
      "signout",
      "session",
      "csrf",
      "providers",
      "error",
      "error?error=%00",
      "verify-request",
      "_log",
      "nope",
      "nope/deeper/still",
      "callback/credentials?callbackUrl=%ZZ",
    ];
    const form = "application/x-www-form-urlencoded";
    const bodies: [string, Record<string, string>][] = [
      ["", { "content-type": form }],
      ["%%%&&&===", { "content-type": form }],
      ['{"email":1}', { "content-type": "application/json" }],
      ["{not json", { "content-type": "application/json" }],
      ["plain words", { "content-type": "text/plain" }],
      ["\u0000\u0001binary", { "content-type": "application/octet-stream" }],
      ["email=a&password=b", {}],
      [new URLSearchParams({ csrfToken: "wrong", email: "a@b.test", password: "x" }).toString(), { "content-type": form }],
      [new URLSearchParams({ csrfToken, email: "a@b.test" }).toString(), { "content-type": form, cookie: jar }],
      [
        new URLSearchParams({ csrfToken, email: ["x"].join(), password: "p", callbackUrl: "http://[::1" }).toString(),
        { "content-type": form, cookie: jar },
      ],
      [`csrfToken=${encodeURIComponent(csrfToken)}&email=%00&password=%00`, { "content-type": form, cookie: jar }],
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const url = `${base}/api/auth/${route}`;
      const answers = [
        ["GET", await fetch(url, { redirect: "manual" })],
        [
          "GET (cookie)",
          await fetch(url, {
            redirect: "manual",
            headers: { cookie: "next-auth.session-token=garbage; next-auth.csrf-token=%%; next-auth.callback-url=%ZZ" },
          }),
        ],
        [
          "GET (callback cookie)",
          await fetch(url, { redirect: "manual", headers: { cookie: "next-auth.callback-url=javascript:alert(1)" } }),
        ],
        [
          "GET (relative callback cookie)",
          await fetch(url, { redirect: "manual", headers: { cookie: "next-auth.callback-url=elsewhere" } }),
        ],
        ["PUT", await fetch(url, { method: "PUT", redirect: "manual" })],
        ...(await Promise.all(
          bodies.map(
            async ([body, headers]) =>
              [`POST ${body.slice(0, 30)}`, await fetch(url, { method: "POST", body, headers, redirect: "manual" })] as const,
          ),
        )),
      ] as const;
      for (const [what, res] of answers) if (res.status >= 500) failures.push(`${what} /api/auth/${route}: ${res.status}`);
    }
    expect(failures).toEqual([]);
    // A browser that lands on the form's callback goes to the sign-in page.
    const landed = await fetch(`${base}/api/auth/callback/credentials`, { redirect: "manual" });
    expect(new URL(landed.headers.get("location")!).pathname).toBe("/sign-in");
    // A broken callback cookie is refused once and cleared, not refused forever.
    const broken = await fetch(`${base}/api/auth/session`, { headers: { cookie: "next-auth.callback-url=javascript:alert(1)" } });
    expect(broken.status).toBe(400);
    expect(broken.headers.getSetCookie().some((c) => c.startsWith("next-auth.callback-url=;") && c.includes("Max-Age=0"))).toBe(true);
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

  it("serves the sign-in page, and sends signed-out visitors of every signed-in page there", async () => {
    const page = await fetch(`${inject("baseUrl")}/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign in to Mailroom");
    // Every dashboard page (read from app/, an id where its path takes one), and the first-password page.
    const paths = [...dashboardPagePaths(), "/change-password"];
    expect(paths.length).toBeGreaterThan(30);
    const landed: string[] = [];
    for (const path of paths) {
      const res = await fetch(`${inject("baseUrl")}${path}`, { redirect: "manual" });
      landed.push(`${path} ${res.status} ${new URL(res.headers.get("location") ?? "/nowhere", inject("baseUrl")).pathname}`);
    }
    expect(landed).toEqual(paths.map((path) => `${path} 307 /sign-in`));
  });
});

// The sign-in throttle (lib/users/sign-in-throttle.ts): counted before the password is checked,
// keyed by account and address, the address the socket's unless TRUST_PROXY names the proxies.
// The shared test servers trust 127.0.0.1 as their proxy; these tests start one with no proxy.
describe("sign-in throttle, with no proxy in front", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("serverEnv"), TRUST_PROXY: "" });
  }, 90_000);
  afterAll(async () => server?.stop());
  const forged = (i: number) => ({ headers: { "x-forwarded-for": `203.0.113.${i % 250}` } });

  it("a concurrent burst gets no more guesses than the limit: the right password last in a burst of 40 is refused", async () => {
    const { email } = await newOrg();
    const burst = await signInBurst(
      email,
      Array.from({ length: 40 }, (_, i) => (i === 39 ? PASSWORD : `guess-${i}`)),
      server.url,
    );
    expect(burst.every((r) => r.cookie === null)).toBe(true);
    expect((await signIn(email, PASSWORD, server.url)).cookie).toBeNull();
  });

  it("one client's guesses lock out that client, not the account's owner signing in from elsewhere; a forged X-Forwarded-For changes nothing", async () => {
    const { email } = await newOrg();
    // The attacker (127.0.0.1) forges a new X-Forwarded-For each time to look like many clients.
    for (let i = 0; i < 10; i++) expect((await signIn(email, `guess-${i}`, server.url, forged(i))).status).toBe(401);
    expect((await signIn(email, PASSWORD, server.url, forged(99))).cookie).toBeNull();
    // The owner, on another address (a connection from 127.0.0.2), is not locked out.
    expect((await signIn(email, PASSWORD, server.url, { localAddress: "127.0.0.2" })).cookie).toBeTruthy();
  });

  it("guesses spread over many addresses meet the account's own limit", { timeout: 60_000 }, async () => {
    const { email } = await newOrg();
    // Six addresses, nine guesses each: under each address's limit for the account, 54 in all.
    const addresses = Array.from({ length: 6 }, (_, i) => `127.0.1.${i + 1}`);
    await Promise.all(
      addresses.map(async (localAddress) => {
        for (let i = 0; i < 9; i++) expect((await signIn(email, `guess-${i}`, server.url, { localAddress })).status).toBe(401);
      }),
    );
    // Past 50 for the account: even the right password from an address new to it is refused.
    expect((await signIn(email, PASSWORD, server.url, { localAddress: "127.0.1.99" })).cookie).toBeNull();
  });

  it(
    "a browser that signed in before is not locked out by guesses spread over many addresses; its own guesses are limited; its cookie proves nothing for another account",
    { timeout: 60_000 },
    async () => {
      const { email } = await newOrg();
      const other = await newOrg();
      const first = await signIn(email, PASSWORD, server.url, { localAddress: "127.0.2.1" });
      expect(first.cookie).toBeTruthy();
      const device = first.setCookies.find((c) => c.startsWith("mailroom.device="));
      expect(device).toBeTruthy();
      const otherDevice = (await signIn(other.email, PASSWORD, server.url, { localAddress: "127.0.2.2" })).setCookies.find((c) =>
        c.startsWith("mailroom.device="),
      )!;

      // Six addresses, nine guesses each: the account is locked for browsers it does not know.
      const addresses = Array.from({ length: 6 }, (_, i) => `127.0.3.${i + 1}`);
      await Promise.all(
        addresses.map(async (localAddress) => {
          for (let i = 0; i < 9; i++) expect((await signIn(email, `guess-${i}`, server.url, { localAddress })).status).toBe(401);
        }),
      );
      expect((await signIn(email, PASSWORD, server.url, { localAddress: "127.0.2.9" })).cookie).toBeNull();
      // Another account's device, or an altered one, is a browser it does not know.
      expect((await signIn(email, PASSWORD, server.url, { localAddress: "127.0.2.9", cookie: otherDevice })).cookie).toBeNull();
      expect(
        (await signIn(email, PASSWORD, server.url, { localAddress: "127.0.2.9", cookie: `${device!.slice(0, -2)}AA` })).cookie,
      ).toBeNull();
      // The holder's browser, from wherever it is now, still signs in.
      const again = await signIn(email, PASSWORD, server.url, { localAddress: "127.0.2.10", cookie: device });
      expect(again.cookie).toBeTruthy();

      // Guesses through a remembered device count for that device: ten, then even the right one is refused.
      for (let i = 0; i < 10; i++)
        expect((await signIn(email, `device-guess-${i}`, server.url, { localAddress: `127.0.4.${i + 1}`, cookie: device })).status).toBe(
          401,
        );
      expect((await signIn(email, PASSWORD, server.url, { localAddress: "127.0.4.99", cookie: device })).cookie).toBeNull();
    },
  );
});

describe("sign-in throttle behind a trusted proxy (TRUST_PROXY=127.0.0.1 on the shared servers)", () => {
  it("counts the address the trusted proxy appended, not the one the client put before it", async () => {
    const { email } = await newOrg();
    const via = (client: string) => ({ headers: { "x-forwarded-for": `198.51.100.250, ${client}` } });
    for (let i = 0; i < 10; i++) expect((await signIn(email, `guess-${i}`, undefined, via("198.51.100.1"))).status).toBe(401);
    expect((await signIn(email, PASSWORD, undefined, via("198.51.100.1"))).cookie).toBeNull();
    // Another client behind the same proxy signs in.
    expect((await signIn(email, PASSWORD, undefined, via("198.51.100.2"))).cookie).toBeTruthy();
  });
});
