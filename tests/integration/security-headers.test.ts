// Security headers on every page and API answer (next.config.mjs): a Content-Security-Policy
// that forbids framing (frame-ancestors 'none'), X-Content-Type-Options, Referrer-Policy,
// X-Frame-Options; HSTS only when the request came over https (as the proxy in front says).
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";
import { signUnsubscribeToken } from "@/lib/unsubscribe/tokens";

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  // Only next dev's policy lets scripts evaluate strings (its hot updates need it; tests/dev).
  expect(csp).not.toContain("'unsafe-eval'");
  // No form-action: the consent screen's Approve is redirected to the app (next.config.mjs).
  expect(csp).not.toContain("form-action");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("referrer-policy")).toEqual(expect.any(String));
  // Plain http here: no HSTS.
  expect(headers.has("strict-transport-security")).toBe(false);
}

describe("security headers", () => {
  it("are on pages: the sign-in page and a dashboard page", async () => {
    for (const path of ["/sign-in", "/templates"]) {
      const res = await call(path);
      expect(res.status, path).toBeLessThan(400);
      expectSecurityHeaders(res.headers);
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("are on API answers, successful or not", async () => {
    for (const [path, status, body] of [
      ["/api/health/live", 200, undefined],
      ["/api/v1/templates", 401, undefined],
      ["/api/email/send", 401, {}],
    ] as const) {
      const res = await call(path, { body });
      expect(res.status, path).toBe(status);
      expectSecurityHeaders(res.headers);
    }
  });

  it("are on the OAuth consent screen, which is never framed", async () => {
    expectSecurityHeaders((await call("/oauth/authorize")).headers);
  });

  it("the hosted pages keep their stricter no-referrer", async () => {
    const res = await call(
      `/u/${signUnsubscribeToken({ messageId: "00000000-0000-4000-8000-000000000000", recipient: "h@example.test" })}`,
    );
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("adds HSTS when the proxy in front says the request came over https", async () => {
    for (const path of ["/sign-in", "/api/health/live"]) {
      const res = await call(path, { headers: { "x-forwarded-proto": "https" } });
      expect(res.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
