// What Vercel needs before Mailroom starts there (lib/boot/platform.ts).
import { describe, expect, it } from "vitest";
import { platformProblems } from "@/lib/boot/platform";
import type { Env } from "@/lib/env";

const env = (vars: Partial<Env>) => ({ inngestEnabled: false, dataDir: ".data", ...vars }) as Env;

describe("platformProblems", () => {
  it("asks nothing off Vercel", () => {
    expect(platformProblems(env({}))).toEqual([]);
  });

  it("on Vercel, asks for PostgreSQL and both Inngest keys", () => {
    expect(platformProblems(env({ VERCEL: "1" })).map((p) => p.split(":")[0])).toEqual([
      "DATABASE_URL",
      "INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY",
    ]);
    expect(platformProblems(env({ VERCEL: "1", DATABASE_URL: "postgres://x", INNGEST_EVENT_KEY: "e" }))).toHaveLength(1);
    expect(platformProblems(env({ VERCEL: "1", DATABASE_URL: "postgres://x", INNGEST_EVENT_KEY: "e", INNGEST_SIGNING_KEY: "s" }))).toEqual(
      [],
    );
  });

  it("accepts Inngest's dev server (vercel dev on a laptop)", () => {
    expect(platformProblems(env({ VERCEL: "1", DATABASE_URL: "postgres://x", INNGEST_DEV: true }))).toEqual([]);
  });
});
