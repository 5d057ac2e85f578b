// The embedded runner drives each lane by the lane's own description, here a lane over items
// in memory: no more than its concurrency in flight, no claim larger than its batch size,
// outcomes recorded in batches of its size, a retry run when its backoff ends (not at the next
// poll, nor before), woken when work is announced, timed work repeated, and a stop that waits
// for the work in flight.
import { afterEach, describe, expect, it } from "vitest";
import { Runner } from "@/lib/jobs/runner";
import type { Lane } from "@/lib/jobs/lane";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Item {
  id: number;
  attempt: number;
}
type Outcome = { id: number; retryAt: Date | null };

/** A lane over items in memory: each claimed once while due; `run` decides their outcome. */
function memoryLane(opts: Partial<Lane<Item, Outcome>> & { runMs?: number; fail?: (item: Item) => number | null } = {}) {
  const queue: { id: number; attempt: number; dueAt: number }[] = [];
  const stats = { inFlight: 0, maxInFlight: 0, claims: [] as number[], runs: [] as { id: number; at: number }[], written: [] as number[] };
  const lane: Lane<Item, Outcome> = {
    name: "memory",
    concurrency: 4,
    batchSize: 100,
    async claim(limit) {
      stats.claims.push(limit);
      const due = queue.filter((q) => q.dueAt <= Date.now()).slice(0, limit);
      for (const d of due) queue.splice(queue.indexOf(d), 1);
      return due.map((d) => ({ id: d.id, attempt: d.attempt + 1 }));
    },
    async run(item) {
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      stats.runs.push({ id: item.id, at: Date.now() });
      await sleep(opts.runMs ?? 5);
      stats.inFlight--;
      // The lane's backoff: a failed attempt is due again after the delay it names.
      const delay = opts.fail?.(item) ?? null;
      if (delay === null) return { id: item.id, retryAt: null };
      const retryAt = new Date(Date.now() + delay);
      queue.push({ id: item.id, attempt: item.attempt, dueAt: retryAt.getTime() });
      return { id: item.id, retryAt };
    },
    retryAt: (o) => o.retryAt,
    ...opts,
  };
  const add = (...ids: number[]) => queue.push(...ids.map((id) => ({ id, attempt: 0, dueAt: Date.now() })));
  return { lane, stats, add };
}

let runner: Runner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

async function until(check: () => boolean, timeoutMs = 3_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await sleep(5);
  }
}

describe("the runner and its lanes", () => {
  it("keeps at most the lane's concurrency in flight and claims at most its batch size, without waiting for polls", async () => {
    const { lane, stats, add } = memoryLane({ concurrency: 4, batchSize: 3, runMs: 10 });
    add(...Array.from({ length: 40 }, (_, i) => i));
    runner = new Runner({ lanes: [lane], pollMs: 10_000 });
    const started = Date.now();
    await runner.start();
    await until(() => stats.runs.length === 40 && stats.inFlight === 0);
    expect(Date.now() - started).toBeLessThan(2_000); // room and full batches claim again at once
    expect(stats.maxInFlight).toBe(4);
    expect(Math.max(...stats.claims)).toBe(3);
    expect(new Set(stats.runs.map((r) => r.id)).size).toBe(40);
  });

  it("records outcomes in batches of the lane's size, the rest after its flush delay", async () => {
    const written: number[][] = [];
    const { lane, add } = memoryLane({
      concurrency: 12,
      batchSize: 12,
      runMs: 5,
      record: { size: 5, flushMs: 30, write: async (outcomes) => void written.push(outcomes.map((o) => o.id)) },
    });
    add(...Array.from({ length: 12 }, (_, i) => i));
    runner = new Runner({ lanes: [lane], pollMs: 10_000 });
    await runner.start();
    await until(() => written.flat().length === 12);
    expect(written.map((w) => w.length)).toEqual([5, 5, 2]);
    expect(written.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it("runs a retry when the lane's backoff ends: not before, and not at the next poll", async () => {
    const { lane, stats, add } = memoryLane({ fail: (item) => (item.attempt === 1 ? 150 : null) });
    add(1);
    runner = new Runner({ lanes: [lane], pollMs: 10_000 });
    await runner.start();
    await until(() => stats.runs.length === 2);
    const [first, second] = stats.runs;
    expect(second.at - first.at).toBeGreaterThanOrEqual(145);
    expect(second.at - first.at).toBeLessThan(1_500);
  });

  it("is woken for its lane when work is announced, and repeats timed work", async () => {
    let ticks = 0;
    const { lane, stats, add } = memoryLane({ timers: [{ name: "tick", everyMs: 10, run: async () => void ticks++ }] });
    runner = new Runner({ lanes: [lane], pollMs: 10_000 });
    await runner.start();
    await sleep(50); // its first (empty) claim is behind it: it now waits for the poll
    add(7);
    runner.wake("other lane"); // not this lane's
    await sleep(50);
    expect(stats.runs).toEqual([]);
    runner.wake("memory");
    await until(() => stats.runs.length === 1);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it("stops claiming at once and resolves its stop when the work in flight has finished", async () => {
    const { lane, stats, add } = memoryLane({ runMs: 200 });
    add(1);
    const r = new Runner({ lanes: [lane], pollMs: 10 });
    await r.start();
    await until(() => stats.inFlight === 1);
    add(2);
    const stopped = Date.now();
    await r.stop();
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(150);
    expect(stats.inFlight).toBe(0);
    expect(stats.runs.map((x) => x.id)).toEqual([1]);
  });
});
