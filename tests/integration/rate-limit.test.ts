// Per-key request rate: headers on every key response, 429 with Retry-After, per-key
// overrides, and a shared counter that never over-admits across two app instances.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call } from "../helpers/http";
import { createKey, newOrg } from "../helpers/factory";
import { db } from "@/lib/db/client";

let owner: Awaited<ReturnType<typeof newOrg>>;

beforeAll(async () => {
  owner = await newOrg();
});

async function setLimit(id: string, limit: number) {
  await db().apiKey.update({ where: { id }, data: { rateLimitPerMinute: limit } });
}

describe("per-key rate limit", () => {
  it("sends X-RateLimit-* on every key response, success or error", async () => {
    const { key } = await createKey(owner.cookie, ["org:read"]);
    const ok = await call("/api/v1/organization", { key });
    expect(ok.headers.get("x-ratelimit-limit")).toBe("60");
    expect(ok.headers.get("x-ratelimit-remaining")).toBe("59");
    const reset = Number(ok.headers.get("x-ratelimit-reset"));
    const now = Date.now() / 1000;
    expect(reset).toBeGreaterThan(now);
    expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 60);
    expect(reset % 60).toBe(0);
    const denied = await call("/api/v1/projects", { key, body: { name: "x" } });
    expect(denied.status).toBe(403);
    expect(denied.headers.get("x-ratelimit-remaining")).toBe("58");
  });

  it("does not send them to sessions, which are not rate-limited per key", async () => {
    const res = await call("/api/v1/organization", { cookie: owner.cookie });
    expect(res.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("answers 429 RATE_LIMITED with Retry-After past the key's override", async () => {
    const { id, key } = await createKey(owner.cookie, ["org:read"]);
    await setLimit(id, 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call("/api/v1/organization", { key }));
    expect(statuses.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    const limited = statuses[3];
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: expect.stringContaining("3 requests per minute"),
      code: "RATE_LIMITED",
      requestId: expect.stringMatching(/^req_/),
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("admits exactly 60 of 100 concurrent requests, spread over two app instances", async () => {
    const { key } = await createKey(owner.cookie, ["org:read"]);
    // Start in a fresh window so the 100 requests cannot straddle a minute boundary.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 50_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 100));
    const bases = [inject("baseUrl"), inject("baseUrl2")];
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => call("/api/v1/organization", { key, base: bases[i % 2] })));
    const ok = results.filter((r) => r.status === 200).length;
    const limited = results.filter((r) => r.status === 429).length;
    expect({ ok, limited }).toEqual({ ok: 60, limited: 40 });
    expect(bases[0]).not.toBe(bases[1]);
  });

  it("counts each key separately", async () => {
    const a = await createKey(owner.cookie, ["org:read"]);
    const b = await createKey(owner.cookie, ["org:read"]);
    await setLimit(a.id, 1);
    expect((await call("/api/v1/organization", { key: a.key })).status).toBe(200);
    expect((await call("/api/v1/organization", { key: a.key })).status).toBe(429);
    expect((await call("/api/v1/organization", { key: b.key })).status).toBe(200);
  });
});
