// Where sign-in may send the browser: same-site paths only (lib/auth/safe-callback.ts).
import { describe, expect, it } from "vitest";
import { safeCallbackPath, safeRedirect } from "@/lib/auth/safe-callback";

describe("safeCallbackPath", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeCallbackPath("/messages?status=bounced#top")).toBe("/messages?status=bounced#top");
    expect(safeCallbackPath("/a/./b/../c")).toBe("/a/c");
    expect(safeCallbackPath(undefined)).toBe("/");
  });

  it("keeps a query holding an encoded URL (the consent page's redirect_uri): a query is never read as a host", () => {
    const consent = `/oauth/authorize?${new URLSearchParams({ client_id: "app", redirect_uri: "https://app.example/callback", state: "s//t" })}`;
    expect(safeCallbackPath(consent)).toBe(consent);
    expect(safeRedirect(`http://127.0.0.1:3000${consent}`, "http://127.0.0.1:3000")).toBe(`http://127.0.0.1:3000${consent}`);
    expect(safeCallbackPath("/x?next=%0d%0aSet-Cookie:a")).toBe("/x?next=%0d%0aSet-Cookie:a");
    expect(safeCallbackPath("/x?next=\nfoo")).toBe("/");
  });

  it("refuses anything a browser could read as another site", () => {
    for (const raw of [
      "/.//attacker.invalid/phish",
      "//attacker.invalid",
      "/\\attacker.invalid",
      "\\\\attacker.invalid",
      "https://attacker.invalid/",
      "javascript:alert(1)",
      "/%2F/attacker.invalid",
      "/%5Cattacker.invalid",
      "/a/..//attacker.invalid",
      "/\t/attacker.invalid",
      "attacker.invalid",
      "/%",
      "",
      ["/x"],
    ]) {
      expect(safeCallbackPath(raw), String(raw)).toBe("/");
    }
  });

  it("next-auth's redirects stay on the base URL", () => {
    const base = "http://127.0.0.1:3000";
    expect(safeRedirect("/projects", base)).toBe(`${base}/projects`);
    expect(safeRedirect(`${base}/projects`, base)).toBe(`${base}/projects`);
    expect(safeRedirect("https://attacker.invalid/", base)).toBe(`${base}/`);
    expect(safeRedirect(`${base}//attacker.invalid/`, base)).toBe(`${base}/`);
    expect(safeRedirect("/.//attacker.invalid/phish", base)).toBe(`${base}/`);
  });
});
