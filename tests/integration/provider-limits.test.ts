// Rolling per-provider limits: the check and the count are one atomic step.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reserveCapacity, usageCounts } from "@/lib/providers/usage";
import { newOrg } from "../helpers/factory";

async function providerWith(limits: { rateLimitPerMinute?: number; rateLimitPerHour?: number; rateLimitPerDay?: number }) {
  const { org } = await newOrg();
  return db().provider.create({ data: { orgId: org.id, name: "limited", type: "demo", ...limits } });
}

describe("provider usage windows", () => {
  it("admits exactly the per-minute limit out of 50 concurrent reservations", async () => {
    const p = await providerWith({ rateLimitPerMinute: 10 });
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveCapacity(p)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    const refused = results.filter((r) => !r.ok) as { ok: false; retryAfter: number }[];
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.retryAfter).toBeGreaterThanOrEqual(1);
      expect(r.retryAfter).toBeLessThanOrEqual(60);
    }
    expect((await usageCounts([p.id])).get(p.id)).toEqual({ usageMinute: 10, usageHour: 10, usageDay: 10 });
  });

  it("counts rolling windows: uses older than the window no longer count, and Retry-After says when room frees", async () => {
    const p = await providerWith({ rateLimitPerMinute: 2, rateLimitPerHour: 3 });
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    await db().providerUsage.createMany({
      data: [
        { providerId: p.id, usedAt: ago(3000) },
        { providerId: p.id, usedAt: ago(90) },
      ],
    });
    // Minute window: 0 used of 2; hour window: 2 used of 3.
    expect(await reserveCapacity(p)).toEqual({ ok: true });
    // The hour is now full (3 of 3): room again when the use from 3,000 s ago leaves it, ~600 s from now.
    const full = await reserveCapacity(p);
    expect(full.ok).toBe(false);
    const wait = (full as { retryAfter: number }).retryAfter;
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(601);
    expect((await usageCounts([p.id])).get(p.id)).toEqual({ usageMinute: 1, usageHour: 3, usageDay: 3 });
  });

  it("has no limit where none is set", async () => {
    const p = await providerWith({});
    const results = await Promise.all(Array.from({ length: 30 }, () => reserveCapacity(p)));
    expect(results.every((r) => r.ok)).toBe(true);
  });
});
