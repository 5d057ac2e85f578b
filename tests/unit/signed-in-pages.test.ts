// Every signed-in page asks requireUser (lib/auth/require-user.ts) itself: Next.js renders a
// layout and its page side by side, so the dashboard layout's own check does not guard a page.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dashboardPageFiles } from "../helpers/dashboard-pages";

describe("signed-in pages", () => {
  it("every dashboard page, the first-password page and the consent page call requireUser", () => {
    const files = [...dashboardPageFiles(), "app/(auth)/change-password/page.tsx", "app/oauth/authorize/page.tsx"];
    expect(files.length).toBeGreaterThan(30);
    const without = files.filter((file) => !/await requireUser\(/.test(readFileSync(file, "utf8")));
    expect(without).toEqual([]);
  });
});
