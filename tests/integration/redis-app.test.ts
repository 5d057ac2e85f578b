// With REDIS_URL set, an app instance keeps its request counters in Redis: the same
// headers, the same 429 and the same never-over-admit promise as the database store.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../helpers/server";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    ...inject("serverEnv"),
    DATABASE_URL: inject("databaseUrl"),
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
  });
});
afterAll(async () => server?.stop());

describe("rate limits on Redis", () => {
  it("admits exactly 60 of 100 concurrent requests and answers the rest 429 with the headers", async () => {
    const org = await newOrg();
    const { key } = await createKey(org.cookie, ["org:read"]);
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 100));
    const results = await Promise.all(Array.from({ length: 100 }, () => call("/api/v1/organization", { key, base: server.url })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(40);
    expect(limited[0].body.code).toBe("RATE_LIMITED");
    expect(Number(limited[0].headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(results[0].headers.get("x-ratelimit-limit")).toBe("60");
    // The database instances keep their own counters: this key is fresh there.
    const elsewhere = await call("/api/v1/organization", { key });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("x-ratelimit-remaining")).toBe("59");
  });
});
