// The Redis store (REDIS_URL) keeps the same promise as the database store.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { incrementInRedis } from "@/lib/rate-limit/redis-store";
import { incrementInDatabase } from "@/lib/rate-limit/database-store";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe.each([
  ["redis", (key: string, by?: number) => incrementInRedis(REDIS_URL, key, 60, by)],
  [
    "database",
    (key: string, by?: number) => incrementInDatabase(key, Math.floor(Date.now() / 60_000) * 60, Math.floor(Date.now() / 1000) + 60, by),
  ],
])("%s counter", (_name, increment) => {
  it("adds several at once when told (a batch of MCP requests)", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    expect(await increment(key)).toBe(1);
    expect(await increment(key, 4)).toBe(5);
    expect(await increment(key)).toBe(6);
  });

  it("counts 100 concurrent increments exactly once each", async () => {
    const key = `test:${randomBytes(6).toString("hex")}`;
    const counts = await Promise.all(Array.from({ length: 100 }, () => increment(key)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(counts.filter((c) => c <= 60)).toHaveLength(60);
  });
});
