// The app icon: every page links app/icon.svg, and /favicon.ico (asked for by browsers and tools
// that do not read the link) answers it too, instead of a 404 on every page.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http";

describe("app icon", () => {
  it("is linked from a page's head and answers 200 as SVG", async () => {
    const page = await call("/sign-in");
    expect(page.status).toBe(200);
    const href = /<link rel="icon" href="([^"]+)"/.exec(String(page.body))?.[1];
    expect(href, "icon link in the sign-in page's head").toMatch(/^\/icon\.svg/);
    const icon = await call(href!.replace(/&amp;/g, "&"));
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("/favicon.ico answers the same icon", async () => {
    const res = await call("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(String(res.body)).toContain("<svg");
  });
});
