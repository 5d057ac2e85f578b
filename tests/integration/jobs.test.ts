// The embedded runner's jobs lane on its own database: two runners (as two app instances would) claim
// every due row exactly once; retries back off and end in failed; rows left running by a
// dead process are picked up again; recurring slots are created once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPostgres, type DbHandle } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { Runner } from "@/lib/jobs/runner";
import { jobsLane, type JobsLaneOptions } from "@/lib/jobs/jobs-lane";
import { defineJob, type JobDefinition } from "@/lib/jobs/define-job";
import { insertJob, requeueStale } from "@/lib/jobs/job-store";
import { STALE_AFTER_MS } from "@/lib/jobs/maintenance-jobs";
import { scheduleOccurrence, slotStart } from "@/lib/jobs/recurring";
import type { JobRegistry } from "@/lib/jobs/registry";
import { createDatabase } from "../helpers/database";

let database: Awaited<ReturnType<typeof createDatabase>>;
let a: DbHandle;
let b: DbHandle;

beforeAll(async () => {
  database = await createDatabase("mailroom_jobs");
  a = openPostgres(database.url, 4);
  b = openPostgres(database.url, 4);
  await applyMigrations(a);
});

afterAll(async () => {
  await a.prisma.$disconnect();
  await b.prisma.$disconnect();
  await database.drop();
});

const registryOf = (...defs: JobDefinition<never>[]): JobRegistry => new Map(defs.map((d) => [d.name, d]));

/** The embedded runner with the jobs lane only, as boot starts it (lib/jobs/embedded-runner.ts). */
const runnerOf = ({ pollMs, ...lane }: JobsLaneOptions & { pollMs: number }) => new Runner({ pollMs, lanes: [jobsLane(lane)] });

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("embedded runner", () => {
  it("two runners on one database run each of 200 jobs exactly once, and both take part", async () => {
    const runs = new Map<number, number>();
    const count = defineJob({
      name: "test.count",
      payload: z.object({ n: z.number() }),
      maxAttempts: 1,
      async run({ n }) {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 10));
      },
    });
    const registry = registryOf(count as JobDefinition<never>);
    for (let n = 0; n < 200; n++) {
      await insertJob(a.prisma, { name: "test.count", payload: { n }, runAt: new Date(), maxAttempts: 1 });
    }
    const r1 = runnerOf({ client: a.prisma, registry, pollMs: 20, concurrency: 4 });
    const r2 = runnerOf({ client: b.prisma, registry, pollMs: 20, concurrency: 4 });
    await Promise.all([r1.start(), r2.start()]);
    await waitFor(async () => (await a.prisma.job.count({ where: { name: "test.count", status: "done" } })) === 200);
    await Promise.all([r1.stop(), r2.stop()]);
    expect(runs.size).toBe(200);
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
    const byRunner = await a.prisma.job.groupBy({ by: ["lockedBy"], where: { name: "test.count" }, _count: true });
    expect(byRunner.map((g) => g.lockedBy).sort()).toEqual([r1.id, r2.id].sort());
  });

  it("retries a failing job with backoff, then succeeds", async () => {
    let calls = 0;
    const flaky = defineJob({
      name: "test.flaky",
      payload: z.object({}),
      maxAttempts: 5,
      retryBaseMs: 50,
      async run() {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
    });
    const id = await insertJob(a.prisma, { name: "test.flaky", payload: {}, runAt: new Date(), maxAttempts: 5 });
    const runner = runnerOf({ client: a.prisma, registry: registryOf(flaky as JobDefinition<never>), pollMs: 20 });
    await runner.start();
    await waitFor(async () => (await a.prisma.job.findUniqueOrThrow({ where: { id: id! } })).status === "done");
    await runner.stop();
    const job = await a.prisma.job.findUniqueOrThrow({ where: { id: id! } });
    expect(calls).toBe(3);
    expect(job.attempts).toBe(3);
    expect(job.lastError).toBe("boom 2");
  });

  it("marks a job failed for good after maxAttempts", async () => {
    const doomed = defineJob({
      name: "test.doomed",
      payload: z.object({}),
      maxAttempts: 2,
      retryBaseMs: 20,
      async run() {
        throw new Error("always");
      },
    });
    const id = await insertJob(a.prisma, { name: "test.doomed", payload: {}, runAt: new Date(), maxAttempts: 2 });
    const runner = runnerOf({ client: a.prisma, registry: registryOf(doomed as JobDefinition<never>), pollMs: 20 });
    await runner.start();
    await waitFor(async () => (await a.prisma.job.findUniqueOrThrow({ where: { id: id! } })).status === "failed");
    await runner.stop();
    const job = await a.prisma.job.findUniqueOrThrow({ where: { id: id! } });
    expect(job).toMatchObject({ attempts: 2, lastError: "always" });
  });

  it("does not run a job before its time", async () => {
    let ran = false;
    const later = defineJob({
      name: "test.later",
      payload: z.object({}),
      maxAttempts: 1,
      async run() {
        ran = true;
      },
    });
    await insertJob(a.prisma, { name: "test.later", payload: {}, runAt: new Date(Date.now() + 60_000), maxAttempts: 1 });
    const runner = runnerOf({ client: a.prisma, registry: registryOf(later as JobDefinition<never>), pollMs: 20 });
    await runner.start();
    await new Promise((r) => setTimeout(r, 300));
    await runner.stop();
    expect(ran).toBe(false);
  });

  it("re-queues a row left running by a dead process (what the sweep job does) and runs it", async () => {
    let ran = 0;
    const orphan = defineJob({
      name: "test.orphan",
      payload: z.object({}),
      maxAttempts: 3,
      async run() {
        ran++;
      },
    });
    const id = await insertJob(a.prisma, { name: "test.orphan", payload: {}, runAt: new Date(), maxAttempts: 3 });
    await a.prisma.job.update({
      where: { id: id! },
      data: { status: "running", attempts: 1, lockedBy: "dead", lockedAt: new Date(Date.now() - 600_000) },
    });
    expect(await requeueStale(a.prisma, new Date(Date.now() - STALE_AFTER_MS))).toBe(1);
    const runner = runnerOf({ client: a.prisma, registry: registryOf(orphan as JobDefinition<never>), pollMs: 20 });
    await runner.start();
    await waitFor(async () => (await a.prisma.job.findUniqueOrThrow({ where: { id: id! } })).status === "done");
    await runner.stop();
    expect(ran).toBe(1);
  });

  it("keeps a long job's claim fresh with heartbeats, so it is never re-queued while it runs", async () => {
    let ran = 0;
    const slow = defineJob({
      name: "test.slow",
      payload: z.object({}),
      maxAttempts: 3,
      async run() {
        ran++;
        await new Promise((r) => setTimeout(r, 600));
      },
    });
    const id = await insertJob(a.prisma, { name: "test.slow", payload: {}, runAt: new Date(), maxAttempts: 3 });
    const runner = runnerOf({ client: a.prisma, registry: registryOf(slow as JobDefinition<never>), pollMs: 20, heartbeatMs: 50 });
    await runner.start();
    let requeued = 0;
    while ((await a.prisma.job.findUniqueOrThrow({ where: { id: id! } })).status !== "done") {
      // A sweep with a 300 ms stale limit, again and again while the 600 ms job runs.
      requeued += await requeueStale(a.prisma, new Date(Date.now() - 300));
      await new Promise((r) => setTimeout(r, 25));
    }
    await runner.stop();
    expect({ ran, requeued }).toEqual({ ran: 1, requeued: 0 });
  });

  it("fails a job whose payload does not fit its schema at once, without retries", async () => {
    const typed = defineJob({ name: "test.typed", payload: z.object({ n: z.number() }), maxAttempts: 5, async run() {} });
    const id = await insertJob(a.prisma, { name: "test.typed", payload: { n: "not a number" }, runAt: new Date(), maxAttempts: 5 });
    const runner = runnerOf({ client: a.prisma, registry: registryOf(typed as JobDefinition<never>), pollMs: 20 });
    await runner.start();
    await waitFor(async () => (await a.prisma.job.findUniqueOrThrow({ where: { id: id! } })).status === "failed");
    await runner.stop();
    const job = await a.prisma.job.findUniqueOrThrow({ where: { id: id! } });
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/Invalid payload/);
  });

  it("creates a recurring slot once however many instances schedule it, and the next one after a run", async () => {
    let ran = 0;
    const tick = defineJob({
      name: "test.tick",
      payload: z.object({}),
      maxAttempts: 1,
      recurEverySeconds: 3600,
      async run() {
        ran++;
      },
    });
    const def = tick as JobDefinition<never>;
    await Promise.all([scheduleOccurrence(a.prisma, def, slotStart(3600)), scheduleOccurrence(b.prisma, def, slotStart(3600))]);
    expect(await a.prisma.job.count({ where: { name: "test.tick" } })).toBe(1);
    const runner = runnerOf({ client: a.prisma, registry: registryOf(def), pollMs: 20 });
    await runner.start();
    await waitFor(async () => (await a.prisma.job.count({ where: { name: "test.tick" } })) === 2);
    await runner.stop();
    expect(ran).toBe(1);
    const next = await a.prisma.job.findFirstOrThrow({ where: { name: "test.tick", status: "queued" } });
    expect(next.runAt.getTime()).toBe(slotStart(3600).getTime() + 3_600_000);
  });
});
